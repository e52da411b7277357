//! Pure functions: the functions defined in the file that a statement may
//! call as it calls `sqrt`.
//!
//! A call inside a region is an expression whose only effect must be its
//! value, and whose value must depend on its arguments alone: the
//! dependences see only the arguments' reads. A function defined in the
//! file (after preprocessing, so its headers' inline functions count too)
//! is taken as such where everything it does is visible and local: its
//! parameters and result are of arithmetic types; its body declares
//! scalars of automatic storage only, assigns only those and its
//! parameters, reads no other variable, takes no address, follows no
//! pointer, indexes no array, and calls only math functions and other
//! such functions (so no recursion: a function becomes pure only once the
//! functions it calls are). A square (`return x * x;`), a clamp or a
//! branchy activation are; anything that touches memory is not.
//!
//! CUDA kernels cannot call the file's functions, which are host code: each
//! pure function also gets a device copy ([`PureFunction::device_copy`]),
//! which the kernels of a region call instead.
//!
//! A pure function whose body is one `return` of an expression
//! ([`PureFunction::returned`]) may also be called in loop bounds,
//! conditions and subscripts: the extractor reads that expression of the
//! arguments, which must then be affine.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use tree_sitter::Node;

use super::ctype::is_type_word;

/// Node kinds a pure function's body may hold (beyond these, identifiers,
/// calls, types and declarations are checked one by one).
const PURE_KINDS: &[&str] = &[
    "compound_statement",
    "expression_statement",
    "return_statement",
    "if_statement",
    "else_clause",
    "for_statement",
    "while_statement",
    "do_statement",
    "break_statement",
    "continue_statement",
    "conditional_expression",
    "binary_expression",
    "unary_expression",
    "update_expression",
    "assignment_expression",
    "parenthesized_expression",
    "comma_expression",
    "cast_expression",
    "type_descriptor",
    "argument_list",
    "number_literal",
    "char_literal",
    "character",
    "escape_sequence",
    "true",
    "false",
    "comment",
];

/// A pure function of the file.
#[derive(Debug, Clone)]
pub struct PureFunction {
    /// Its result type, as written.
    pub result: String,
    /// Its definition for CUDA device code ([`device_name`]); `None`
    /// where it computes in `long double`, which device code lacks, or
    /// calls a function that does.
    pub device_copy: Option<String>,
    /// The pure functions it calls.
    pub callees: Vec<String>,
    /// Its place in the order the functions were found pure in: each
    /// after the functions it calls, so that their device copies come
    /// first.
    pub rank: usize,
    /// Its parameters' names and types, as written.
    pub parameters: Vec<(String, String)>,
    /// Where its body does nothing but return an expression
    /// (`{ return a < b ? a : b; }`), that expression's span: a call of it
    /// in an affine expression is that expression of the arguments.
    pub returned: Option<Range<usize>>,
}

/// The name of pure function `name`'s device copy.
pub fn device_name(name: &str) -> String {
    format!("iotile_fn_{name}")
}

/// The pure functions of the file whose syntax tree is `root` (see the
/// module's comment), by name; `typedefs` gives the file's typedefs of
/// built-in types, `is_math` the math functions and `math_parameter_type`
/// the type C converts their arguments to.
pub fn pure_functions(
    src: &str,
    root: Node,
    typedefs: &HashMap<String, String>,
    is_math: impl Fn(&str) -> bool,
    math_parameter_type: impl Fn(&str) -> Option<&'static str>,
) -> HashMap<String, PureFunction> {
    let text = |n: Node| &src[n.byte_range()];
    let arithmetic = |ty: &str| {
        let words: Vec<&str> = ty.split_whitespace().flat_map(|w| typedefs.get(w).map_or(vec![w], |t| t.split_whitespace().collect())).collect();
        !words.is_empty() && words.iter().all(|w| is_type_word(w) && *w != "volatile") && !words.contains(&"void")
    };
    // Names of file-scope variables: a local of the same name would hide
    // one, and a read after its block would be of the global.
    let mut globals = HashSet::new();
    let mut c = root.walk();
    for d in root.named_children(&mut c).filter(|n| n.kind() == "declaration") {
        let mut c = d.walk();
        for declarator in d.children_by_field_name("declarator", &mut c) {
            globals.insert(super::ast_name(src, declarator));
        }
    }
    // Candidates: definitions with arithmetic parameters and result.
    let mut candidates = Vec::new();
    let mut c = root.walk();
    for f in root.named_children(&mut c).filter(|n| n.kind() == "function_definition") {
        let (Some(ty), Some(declarator)) = (f.child_by_field_name("type"), f.child_by_field_name("declarator")) else { continue };
        let (Some(name), Some(parameters)) = (declarator.child_by_field_name("declarator"), declarator.child_by_field_name("parameters")) else { continue };
        if declarator.kind() != "function_declarator" || name.kind() != "identifier" || !arithmetic(text(ty)) {
            continue;
        }
        let mut names = Vec::new();
        let mut c = parameters.walk();
        let mut plain = true;
        for p in parameters.named_children(&mut c).filter(|n| n.kind() != "comment") {
            let declared = p.child_by_field_name("declarator");
            let ty = p.child_by_field_name("type").map(text).unwrap_or("");
            match declared {
                None if ty == "void" => {}
                Some(d) if d.kind() == "identifier" && p.kind() == "parameter_declaration" && arithmetic(ty) => names.push((text(d).to_string(), ty.to_string())),
                _ => plain = false,
            }
        }
        if plain {
            candidates.push((text(name).to_string(), text(ty).to_string(), names, f));
        }
    }
    let mut pure: HashMap<String, PureFunction> = HashMap::new();
    loop {
        let before = pure.len();
        for (name, ty, parameters, f) in &candidates {
            let Some(body) = f.child_by_field_name("body") else { continue };
            let names: Vec<String> = parameters.iter().map(|(p, _)| p.clone()).collect();
            if !pure.contains_key(name) && pure_body(src, body, &names, &globals, &arithmetic, &|f: &str| is_math(f) || pure.contains_key(f)) {
                let mut copy = DeviceCopy { src, typedefs, is_pure: &|f: &str| !is_math(f) && pure.contains_key(f), math_parameter_type: &math_parameter_type, callees: Vec::new() };
                let device_copy = copy.definition(*f);
                let callees = copy.callees;
                // A copy that calls a function without one would not link.
                let device_copy = device_copy.filter(|_| callees.iter().all(|c| pure.get(c).is_some_and(|p| p.device_copy.is_some())));
                let rank = pure.len();
                let returned = returned_expression(body).map(|e| e.byte_range());
                pure.insert(name.clone(), PureFunction { result: ty.clone(), device_copy, callees, rank, parameters: parameters.clone(), returned });
            }
        }
        if pure.len() == before {
            return pure;
        }
    }
}

/// The expression of a function body that is `{ return EXPRESSION; }`
/// alone (comments aside).
fn returned_expression(body: Node) -> Option<Node> {
    let mut c = body.walk();
    let statements: Vec<Node> = body.named_children(&mut c).filter(|n| n.kind() != "comment").collect();
    let [statement] = statements[..] else { return None };
    let mut c = statement.walk();
    let values: Vec<Node> = statement.named_children(&mut c).filter(|n| n.kind() != "comment").collect();
    match values[..] {
        [value] if statement.kind() == "return_statement" => Some(value),
        _ => None,
    }
}

/// Writes a pure function's device copy.
struct DeviceCopy<'a> {
    src: &'a str,
    typedefs: &'a HashMap<String, String>,
    /// Whether a name is that of a pure function (not a math function).
    is_pure: &'a dyn Fn(&str) -> bool,
    math_parameter_type: &'a dyn Fn(&str) -> Option<&'static str>,
    /// The pure functions the copy calls, as they were met.
    callees: Vec<String>,
}

impl DeviceCopy<'_> {
    /// The device copy of definition `f`: `static __device__`, its result
    /// type and the rest of its text, where its own name and its calls of
    /// pure functions are their copies' ([`device_name`]), typedefs are
    /// spelled out (the copy may go where they are not declared), and what
    /// nvcc's C++ would compute differently is written as C has it: a
    /// character constant is an `int`, and a math function's arguments are
    /// converted to its parameter type before C++ overloads could pick
    /// `sqrt(float)`. `None` where the copy would compute in `long double`.
    fn definition(&mut self, f: Node) -> Option<String> {
        let ty = f.child_by_field_name("type")?;
        let name = f.child_by_field_name("declarator")?.child_by_field_name("declarator")?;
        let mut out = String::from("static __device__ ");
        let mut at = ty.start_byte();
        let mut c = f.walk();
        for child in f.children(&mut c).filter(|n| n.start_byte() >= ty.start_byte()) {
            out.push_str(&self.src[at..child.start_byte()]);
            self.write(child, name, &mut out);
            at = child.end_byte();
        }
        out.push('\n');
        (!out.contains("long double")).then_some(out)
    }

    /// Writes node `n` of the definition (`name` is its declared name).
    fn write(&mut self, n: Node, name: Node, out: &mut String) {
        let text = &self.src[n.byte_range()];
        match n.kind() {
            "identifier" if n == name => return out.push_str(&device_name(text)),
            "type_identifier" => return out.push_str(self.typedefs.get(text).map_or(text, String::as_str)),
            "char_literal" => return out.push_str(&format!("((int){text})")),
            _ => {}
        }
        let function = n.child_by_field_name("function").filter(|f| n.kind() == "call_expression" && f.kind() == "identifier");
        let called = function.map(|f| &self.src[f.byte_range()]);
        let converted = called.and_then(|f| (self.math_parameter_type)(f));
        let arguments = n.child_by_field_name("arguments");
        let mut at = n.start_byte();
        let mut c = n.walk();
        for child in n.children(&mut c) {
            out.push_str(&self.src[at..child.start_byte()]);
            at = child.end_byte();
            match (called, converted) {
                (Some(f), _) if Some(child) == function && (self.is_pure)(f) => {
                    self.callees.push(f.to_string());
                    out.push_str(&device_name(f));
                }
                (_, Some(ty)) if Some(child) == arguments => {
                    let mut at = child.start_byte();
                    let mut c = child.walk();
                    for argument in child.children(&mut c) {
                        out.push_str(&self.src[at..argument.start_byte()]);
                        at = argument.end_byte();
                        if argument.is_named() && argument.kind() != "comment" {
                            out.push_str(&format!("({ty})("));
                            self.write(argument, name, out);
                            out.push(')');
                        } else {
                            self.write(argument, name, out);
                        }
                    }
                    out.push_str(&self.src[at..child.end_byte()]);
                }
                _ => self.write(child, name, out),
            }
        }
        out.push_str(&self.src[at..n.end_byte()]);
    }
}

/// Whether `body` does nothing but compute with `parameters` and its own
/// scalars, calling only what `callable` accepts.
fn pure_body(src: &str, body: Node, parameters: &[String], globals: &HashSet<&str>, arithmetic: &dyn Fn(&str) -> bool, callable: &dyn Fn(&str) -> bool) -> bool {
    let text = |n: Node| &src[n.byte_range()];
    let mut locals: Vec<&str> = Vec::new();
    let mut identifiers = Vec::new();
    let mut stack = vec![body];
    while let Some(n) = stack.pop() {
        let mut c = n.walk();
        match n.kind() {
            "declaration" => {
                let ty = n.child_by_field_name("type").map(text).unwrap_or("");
                // Static storage keeps values between calls; a volatile
                // access is a side effect.
                let kept = n.named_children(&mut c).any(|k| match k.kind() {
                    "storage_class_specifier" => !matches!(text(k), "auto" | "register"),
                    "type_qualifier" => text(k) != "const",
                    _ => false,
                });
                if kept || !arithmetic(ty) {
                    return false;
                }
                let mut c = n.walk();
                for d in n.children_by_field_name("declarator", &mut c) {
                    let (name, value) = match d.kind() {
                        "identifier" => (d, None),
                        "init_declarator" => match d.child_by_field_name("declarator") {
                            Some(name) if name.kind() == "identifier" => (name, d.child_by_field_name("value")),
                            _ => return false,
                        },
                        _ => return false,
                    };
                    locals.push(text(name));
                    stack.extend(value);
                }
                continue;
            }
            "call_expression" => {
                let Some(f) = n.child_by_field_name("function").filter(|f| f.kind() == "identifier") else { return false };
                if !callable(text(f)) {
                    return false;
                }
                stack.extend(n.child_by_field_name("arguments"));
                continue;
            }
            "identifier" => identifiers.push(text(n)),
            "primitive_type" | "sized_type_specifier" | "type_identifier" | "type_qualifier" => {
                if !arithmetic(text(n)) {
                    return false;
                }
            }
            kind if PURE_KINDS.contains(&kind) => {}
            _ => return false,
        }
        stack.extend(n.named_children(&mut c));
    }
    identifiers.iter().all(|i| locals.contains(i) || parameters.iter().any(|p| p == i)) && !locals.iter().any(|l| globals.contains(l))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn functions(src: &str) -> HashMap<String, PureFunction> {
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&tree_sitter_c::LANGUAGE.into()).expect("the C grammar loads");
        let tree = parser.parse(src, None).expect("the text parses");
        let typedefs = HashMap::from([("real".to_string(), "double".to_string())]);
        let parameter_type = |f: &str| match f {
            "sqrt" => Some("double"),
            "sqrtl" => Some("long double"),
            _ => None,
        };
        pure_functions(src, tree.root_node(), &typedefs, |f| parameter_type(f).is_some(), parameter_type)
    }

    fn pure_names(src: &str) -> Vec<String> {
        let mut names: Vec<String> = functions(src).into_keys().collect();
        names.sort();
        names
    }

    #[test]
    fn functions_that_compute_with_their_arguments_alone_are_pure() {
        let src = "double G[4];\n\
            static inline double sq(double x) { return x * x; }\n\
            real twice(real r) { const real two = 2; return two * r; }\n\
            int clamp(int v, int lo, int hi) { if (v < lo) return lo; else if (v > hi) return hi; return v; }\n\
            double act(double x) { double y = x; for (int k = 0; k < 3; k++) y = 0.5 * y + sq(sqrt(x)); return y; }\n\
            double uses_act(double x) { return act(x) + twice(x); }\n";
        assert_eq!(pure_names(src), ["act", "clamp", "sq", "twice", "uses_act"]);
    }

    #[test]
    fn functions_that_touch_memory_or_call_the_unknown_are_not() {
        let src = "double G[4]; int calls; double y;\n\
            double reads_global(double v) { return v + G[0]; }\n\
            double writes_global(double v) { calls++; return v; }\n\
            double through_pointer(double *p) { return *p; }\n\
            double address(double v) { double *p = &v; return v; }\n\
            double kept(double v) { static double last; last = v; return last; }\n\
            double recursive(double v) { return v < 1 ? 1 : v * recursive(v - 1); }\n\
            double unknown(double v) { return exp(v); }\n\
            double shadows(double v) { { double y = v; v = y; } return y; }\n\
            void nothing(double v) { }\n\
            double volatile_local(double v) { volatile double t = v; return t; }\n";
        assert_eq!(pure_names(src), Vec::<String>::new());
    }

    #[test]
    fn device_copies_call_device_copies_and_convert_as_c_does() {
        let src = "static inline real sq(real x) { return x * x; }\n\
            float root(float v) { int a = 'a'; return sqrt(v + 'b') + sq((real)v) + a; }\n\
            double wide(double v) { return sqrtl(v); }\n\
            double calls_wide(double v) { return wide(v) + 1; }\n";
        let f = functions(src);
        assert_eq!(f["sq"].device_copy.as_deref(), Some("static __device__ double iotile_fn_sq(double x) { return x * x; }\n"));
        let root = "static __device__ float iotile_fn_root(float v) { int a = ((int)'a'); return sqrt((double)(v + ((int)'b'))) + iotile_fn_sq((double)v) + a; }\n";
        assert_eq!(f["root"].device_copy.as_deref(), Some(root));
        assert_eq!(f["root"].callees, ["sq"]);
        assert!(f["sq"].rank < f["root"].rank);
        // `long double` has no device copy, nor has what calls it.
        assert!(f["wide"].device_copy.is_none() && f["calls_wide"].device_copy.is_none());
    }

    #[test]
    fn a_body_that_only_returns_gives_its_expression_and_parameters() {
        let src = "static int imin(int a, unsigned b) { /* smaller */ return a < b ? a : b; }
            int two(int v) { int w = v; return w; }
            int branches(int v) { if (v > 0) return v; return 0; }
";
        let f = functions(src);
        let returned = f["imin"].returned.clone().expect("imin only returns");
        assert_eq!(&src[returned], "a < b ? a : b");
        assert_eq!(f["imin"].parameters, [("a".to_string(), "int".to_string()), ("b".to_string(), "unsigned".to_string())]);
        assert!(f["two"].returned.is_none() && f["branches"].returned.is_none());
    }
}
