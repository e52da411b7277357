//! C's integer types, as far as loop bounds, conditions and subscripts need
//! them: the type of an integer expression after the integer promotions and
//! the usual arithmetic conversions (on the LP64 targets iotile runs on:
//! `int` has 32 bits, `long` and `long long` 64). The extractor models
//! integer expressions as mathematical integers; the type says where C
//! instead compares or divides in unsigned arithmetic, modulo `2^bits`,
//! which differs from the model wherever an operand is negative (`-3 < n`
//! is false for an `unsigned n`).

/// An integer type after the integer promotions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntType {
    pub bits: u32,
    pub unsigned: bool,
}

impl IntType {
    pub const INT: IntType = IntType { bits: 32, unsigned: false };

    /// The promoted type named by `text`, a declaration's base type or a
    /// cast's type name; `int` for names it does not know (a typedef of
    /// the program's own).
    pub fn named(text: &str) -> IntType {
        let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == '*' || c == '(' || c == ')').filter(|w| !w.is_empty()).collect();
        let has = |w: &str| words.contains(&w);
        let of = |bits, unsigned| IntType { bits, unsigned };
        if ["size_t", "uintptr_t", "uint64_t", "uintmax_t", "uint_fast64_t", "uint_least64_t"].iter().any(|w| has(w)) {
            of(64, true)
        } else if has("uint32_t") || has("uint_least32_t") {
            of(32, true)
        } else if ["ssize_t", "ptrdiff_t", "intptr_t", "int64_t", "intmax_t", "int_fast64_t", "int_least64_t", "off_t"].iter().any(|w| has(w)) {
            of(64, false)
        } else if has("char") || has("short") || has("_Bool") || has("bool") || words.iter().any(|w| w.ends_with("int8_t") || w.ends_with("int16_t")) {
            IntType::INT
        } else {
            of(if has("long") { 64 } else { 32 }, has("unsigned"))
        }
    }

    /// The type of an integer literal: its suffix, and for a literal without
    /// `l`, the first of `int`, (octal and hexadecimal only) `unsigned int`,
    /// `long` that holds its value.
    pub fn of_literal(text: &str, value: i64) -> IntType {
        let suffix: String = text.chars().rev().take_while(|c| matches!(c, 'u' | 'U' | 'l' | 'L')).collect();
        let unsigned = suffix.contains(['u', 'U']);
        let long = suffix.contains(['l', 'L']);
        let decimal = !(text.len() > 1 && text.starts_with('0'));
        if long || value > u32::MAX as i64 || (value > i32::MAX as i64 && decimal && !unsigned) {
            IntType { bits: 64, unsigned }
        } else if unsigned || value > i32::MAX as i64 {
            IntType { bits: 32, unsigned: true }
        } else {
            IntType::INT
        }
    }

    /// The usual arithmetic conversions of two promoted operands.
    pub fn common(self, other: IntType) -> IntType {
        if self.unsigned == other.unsigned {
            return if self.bits >= other.bits { self } else { other };
        }
        let (u, s) = if self.unsigned { (self, other) } else { (other, self) };
        // A signed type wider than the unsigned one holds all its values.
        if u.bits >= s.bits { u } else { s }
    }
}

#[cfg(test)]
mod tests {
    use super::IntType;

    const U32: IntType = IntType { bits: 32, unsigned: true };
    const U64: IntType = IntType { bits: 64, unsigned: true };
    const I64: IntType = IntType { bits: 64, unsigned: false };

    #[test]
    fn names_promote_and_keep_their_signedness() {
        assert_eq!(IntType::named("unsigned"), U32);
        assert_eq!(IntType::named("unsigned int"), U32);
        assert_eq!(IntType::named("const size_t"), U64);
        assert_eq!(IntType::named("unsigned long long"), U64);
        assert_eq!(IntType::named("long"), I64);
        assert_eq!(IntType::named("unsigned short"), IntType::INT);
        assert_eq!(IntType::named("unsigned char"), IntType::INT);
        assert_eq!(IntType::named("int"), IntType::INT);
        assert_eq!(IntType::named("my_index_t"), IntType::INT);
    }

    #[test]
    fn literals_take_their_suffix_or_the_first_type_that_holds_them() {
        assert_eq!(IntType::of_literal("1", 1), IntType::INT);
        assert_eq!(IntType::of_literal("1u", 1), U32);
        assert_eq!(IntType::of_literal("1UL", 1), U64);
        assert_eq!(IntType::of_literal("1l", 1), I64);
        assert_eq!(IntType::of_literal("3000000000", 3_000_000_000), I64);
        assert_eq!(IntType::of_literal("0xffffffff", 0xffff_ffff), U32);
    }

    #[test]
    fn conversions_go_unsigned_unless_the_signed_type_is_wider() {
        assert_eq!(IntType::INT.common(U32), U32);
        assert_eq!(U64.common(IntType::INT), U64);
        assert_eq!(I64.common(U32), I64);
        assert_eq!(I64.common(U64), U64);
        assert_eq!(IntType::INT.common(I64), I64);
    }
}
