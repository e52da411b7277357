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

    /// What a cast to the type named by `text` does to an integer value
    /// (see [`Cast`]).
    pub fn cast(text: &str) -> Cast {
        let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == '(' || c == ')').filter(|w| !w.is_empty() && !matches!(*w, "const" | "volatile")).collect();
        let known = |w: &&str| {
            matches!(*w, "signed" | "unsigned" | "char" | "short" | "int" | "long" | "_Bool" | "bool" | "size_t" | "ssize_t" | "ptrdiff_t" | "off_t")
                || (w.ends_with("_t") && (w.starts_with("int") || w.starts_with("uint")))
        };
        if words.is_empty() || !words.iter().all(known) {
            return Cast::Unknown;
        }
        let has = |w: &str| words.contains(&w);
        // `int8_t`, `uint_least16_t`, `int_fast8_t`: the width in the name
        // (the fast types may be wider; taking the name's width only
        // refuses more).
        let fixed_bits = words.iter().find_map(|w| {
            let rest = w.strip_prefix('u').unwrap_or(w).strip_prefix("int")?;
            rest.trim_start_matches("_least").trim_start_matches("_fast").strip_suffix("_t")?.parse::<u32>().ok()
        });
        let unsigned = has("unsigned") || words.iter().any(|w| w.starts_with("uint"));
        let bits = if has("char") { 8 } else if has("short") { 16 } else { fixed_bits.unwrap_or(32) };
        if has("_Bool") || has("bool") {
            Cast::Within(0, 1)
        } else if bits == 8 && !unsigned && !has("signed") && fixed_bits.is_none() {
            // Plain `char` is signed on x86-64 and unsigned on AArch64.
            Cast::Within(0, 127)
        } else if bits < 32 {
            if unsigned { Cast::Within(0, (1 << bits) - 1) } else { Cast::Within(-(1 << (bits - 1)), (1 << (bits - 1)) - 1) }
        } else if IntType::named(text).unsigned {
            Cast::Within(0, i64::MAX)
        } else {
            Cast::Unchanged
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

    /// The C name of the type, where it is not `int` (for which `None`).
    pub fn spelling(self) -> Option<&'static str> {
        match (self.bits, self.unsigned) {
            (32, false) => None,
            (32, true) => Some("unsigned"),
            (_, false) => Some("long"),
            (_, true) => Some("unsigned long"),
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

/// Whether `w` is one of C's own words of a type (keywords, qualifiers,
/// the standard integer typedefs): what a typedef iotile can see through
/// may be built from.
pub fn is_type_word(w: &str) -> bool {
    matches!(w, "void" | "float" | "double" | "const" | "volatile") || IntType::cast(w) != Cast::Unknown
}

/// What a cast does to an integer value, as loop bounds, conditions and
/// subscripts model it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cast {
    /// A signed type of 32 or 64 bits: the value is taken as unchanged
    /// (values past those types' ranges are left to the program, as
    /// everywhere in the model).
    Unchanged,
    /// The value is unchanged only within these bounds: narrower types
    /// wrap (`(unsigned char)300` is 44), unsigned ones wrap negative
    /// values (their upper end is taken as not reached, as in comparisons).
    Within(i64, i64),
    /// A type name iotile cannot see through (a typedef of the program's).
    Unknown,
}

#[cfg(test)]
mod tests {
    use super::{Cast, IntType};

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
    fn casts_keep_the_value_only_within_their_type() {
        assert_eq!(IntType::cast("int"), Cast::Unchanged);
        assert_eq!(IntType::cast("long long"), Cast::Unchanged);
        assert_eq!(IntType::cast("const ptrdiff_t"), Cast::Unchanged);
        assert_eq!(IntType::cast("unsigned char"), Cast::Within(0, 255));
        assert_eq!(IntType::cast("signed char"), Cast::Within(-128, 127));
        assert_eq!(IntType::cast("char"), Cast::Within(0, 127));
        assert_eq!(IntType::cast("short int"), Cast::Within(-32768, 32767));
        assert_eq!(IntType::cast("unsigned short"), Cast::Within(0, 65535));
        assert_eq!(IntType::cast("int8_t"), Cast::Within(-128, 127));
        assert_eq!(IntType::cast("uint_least16_t"), Cast::Within(0, 65535));
        assert_eq!(IntType::cast("_Bool"), Cast::Within(0, 1));
        assert_eq!(IntType::cast("unsigned"), Cast::Within(0, i64::MAX));
        assert_eq!(IntType::cast("size_t"), Cast::Within(0, i64::MAX));
        assert_eq!(IntType::cast("uint64_t"), Cast::Within(0, i64::MAX));
        assert_eq!(IntType::cast("index_t"), Cast::Unknown);
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
