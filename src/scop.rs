//! The `Scop`: the polyhedral model of one `#pragma scop` region, the typed
//! value the front end hands to every later stage.
//!
//! A region is a set of *statements*, each with an iteration *domain* (an isl
//! set named after the statement, `S_0[i, j]`), tagged *accesses* (one isl map
//! per array reference, from statement instances to array elements, named by a
//! reference id `R_3`/`W_1`), and a *body*: the statement's C text with holes
//! where its iterators occur. The *original schedule* is an isl schedule tree
//! that reproduces the source order. Parameters are the integer variables read
//! but never written in the region; `context` holds what may be assumed of
//! them. Scalars written in the region are zero-dimensional arrays.

use std::ops::Range;

use isl_rs::{Map, Schedule, Set, UnionMap, UnionSet};

use crate::isl::{IslResult, IslText};

/// The polyhedral model of one region.
pub struct Scop {
    /// Zero-based index of the region in its file.
    pub index: usize,
    /// Parameter names, in order of first use.
    pub params: Vec<String>,
    /// The parameters of an unsigned type (`size_t n`): generated code
    /// compares them with signed iterators, which may be negative, so it
    /// reads them converted to `long`.
    pub unsigned_params: Vec<String>,
    /// Constraints on the parameters that generated code may assume
    /// (inferred non-negativity of array extents, plus `--ctx`), without
    /// the [`Scop::wrapping`] values.
    pub context: Set,
    /// The parameter values (within the context otherwise) where an
    /// unsigned value that C reads in a bound, condition or subscript
    /// passes its type's top (`for (u = ub + n - 1; u >= ub; u--)` with
    /// `ub` near `UINT_MAX`): C has it modulo `2^bits`, the model as the
    /// integer it is. Generated code runs only outside them; the region's
    /// original code runs there (a test the back end puts around the
    /// region). `None` where no value wraps.
    pub wrapping: Option<Set>,
    /// The statements in textual order.
    pub statements: Vec<Statement>,
    /// Arrays (and scalars, as 0-d arrays) referenced in the region.
    pub arrays: Vec<ArrayInfo>,
    /// Scalar variables declared before the region that its statements
    /// read and never write (`alpha`, and parameters used as values), in
    /// order of first use; not in `arrays`, which holds what the
    /// dependences are computed on.
    pub invariants: Vec<ArrayInfo>,
    /// The original execution order as an isl schedule tree.
    pub schedule: Schedule,
    /// Declarations of the scalars and arrays declared inside the region,
    /// hoisted to the start of the regenerated code (`double t;`, `double
    /// r[4];`).
    pub private_declarations: Vec<String>,
    /// Loop iterators declared before the region whose final values the code
    /// after the region may read.
    pub live_iterators: Vec<LiveIterator>,
    /// Scalars of the region that code after it may read (globals, and
    /// locals named after the region in the function): their last value
    /// must survive, so they cannot simply be made private to a thread.
    pub scalars_live_after: Vec<String>,
    /// Arrays whose values nothing reads after the region (named by a
    /// `#pragma iotile scratch(...)`, or local to the function and not used
    /// after the region): what the region leaves in them may differ, so
    /// their intermediate values may live in tile-local buffers instead.
    pub dead_after: Vec<String>,
    /// Loop iterators declared before the region (`int i;` then
    /// `for (i = 0; ...)`); generated loops reuse them where they can.
    pub outer_iterators: Vec<String>,
    /// The type the generated loops count in (on CUDA also the kernels'
    /// bounds and the block and thread loops): `int`, or `long` where an
    /// iterator of the region is `long`, `unsigned` or wider (its values
    /// may pass `INT_MAX`).
    pub counter_type: &'static str,
    /// Byte range of the region's statements in the preprocessed text.
    pub span: Range<usize>,
    /// Arrays expanded into one copy per iteration of their outer loops
    /// ([`crate::transform::expand`]): the back end allocates the copies
    /// around the region's code.
    pub expanded: Vec<Expanded>,
    /// The functions of the file the statements call, directly or through
    /// one another, with the device copies CUDA kernels call instead;
    /// callees first.
    pub device_functions: Vec<DeviceFunction>,
}

/// A function of the file that statements call, as CUDA kernels call it.
#[derive(Debug, Clone)]
pub struct DeviceFunction {
    /// Its name in the file.
    pub name: String,
    /// Its device copy's name.
    pub device_name: String,
    /// The device copy's definition.
    pub definition: String,
}

/// The copies of an expanded array, as the back end declares them.
#[derive(Debug, Clone)]
pub struct Expanded {
    /// The copies' name (`sum_x`).
    pub name: String,
    /// The array expanded.
    pub original: String,
    /// Element type.
    pub element_type: String,
    /// Extent of each dimension of the copies as C text of the
    /// parameters: those of the outer iterators, then the array's.
    pub extents: Vec<String>,
    /// Whether a copy-out statement writes the array's final values.
    pub copied_out: bool,
}

/// One statement: an assignment (or a declaration with a value, or an `if`
/// whose condition reads data, with its branches) executed once per point
/// of its domain.
pub struct Statement {
    /// isl tuple name, `S_<n>`.
    pub name: String,
    /// Iteration domain, a set in the space `S_n[iterators]`.
    pub domain: Set,
    /// The source iterator names, outermost first.
    pub iterators: Vec<String>,
    /// Per iterator, whether its loop counts down (its schedule dimension
    /// is then the negated iterator).
    pub decreasing: Vec<bool>,
    /// Array references read by the statement.
    pub reads: Vec<Access>,
    /// Array references written by the statement.
    pub writes: Vec<Access>,
    /// The C text of the statement with its iterators as holes.
    pub body: Body,
    /// Byte range in the preprocessed text.
    pub span: Range<usize>,
}

/// One array reference.
pub struct Access {
    /// Reference id, unique in the region (`R_<n>` for reads, `W_<n>` for writes).
    pub ref_id: String,
    /// Name of the accessed array.
    pub array: String,
    /// `S_n[i] -> A[f(i)]`, restricted to the statement's domain.
    pub relation: Map,
}

/// The text of a statement, split where its iterators occur.
#[derive(Debug, Clone, Default)]
pub struct Body {
    /// Text and iterator holes in source order.
    pub pieces: Vec<BodyPiece>,
}

/// A piece of a statement body.
#[derive(Debug, Clone)]
pub enum BodyPiece {
    /// Verbatim C text.
    Text(String),
    /// An occurrence of the statement's iterator number `n` (outermost is 0).
    Iterator(usize),
    /// An array element, `A[i][j + 1]`: printed as written for C, or with
    /// one linearised subscript for a flat copy of the array (CUDA's device
    /// arrays and shared-memory buffers).
    Element {
        /// The array's name.
        array: String,
        /// Each subscript's pieces, outermost dimension first.
        subscripts: Vec<Vec<BodyPiece>>,
    },
}

impl Body {
    /// Prints the body with each iterator replaced by the expression given
    /// for it (already parenthesised where needed).
    pub fn substitute(&self, values: &[String]) -> String {
        let mut out = String::new();
        print_pieces(&self.pieces, values, None, &mut out);
        out
    }

    /// The array elements [`Body::substitute`] prints, in order: each
    /// array's name and its subscripts' texts.
    pub fn elements(&self, values: &[String]) -> Vec<(String, Vec<String>)> {
        let mut out = Vec::new();
        for piece in &self.pieces {
            if let BodyPiece::Element { array, subscripts } = piece {
                let printed = subscripts
                    .iter()
                    .map(|s| {
                        let mut text = String::new();
                        print_pieces(s, values, None, &mut text);
                        text
                    })
                    .collect();
                out.push((array.clone(), printed));
            }
        }
        out
    }

    /// Prints the body like [`Body::substitute`], but indexes each array as
    /// the flat array `layout` gives for it, linearised row-major:
    /// `A[((i) * (M) + (j))]`, or, for a copy of a box whose first element is
    /// `A[f][g]`, `A_copy[((i - f) * (M) + (j - g))]`; an array without a
    /// layout is indexed as written. Gives the text and the elements it
    /// accesses through layouts, in order.
    pub fn substitute_flat(&self, values: &[String], layout: &dyn Fn(&str) -> Option<FlatLayout>) -> (String, Vec<PrintedElement>) {
        let mut out = String::new();
        let mut elements = Vec::new();
        print_pieces(&self.pieces, values, Some(Flat { layout, elements: &mut elements }), &mut out);
        (out, elements)
    }
}

/// An array element as [`Body::substitute_flat`] printed it.
#[derive(Debug, Clone)]
pub struct PrintedElement {
    /// The array's name.
    pub array: String,
    /// The element's text (`A[((i) * (M) + (j))]`).
    pub text: String,
}

/// Where the elements of an array are in a flat copy of it.
#[derive(Debug, Clone)]
pub struct FlatLayout {
    /// The copy's name.
    pub name: String,
    /// Per dimension, the text of the copy's first subscript (none: 0).
    pub first: Vec<Option<String>>,
    /// Per dimension, the text of the copy's extent.
    pub extents: Vec<String>,
}

impl FlatLayout {
    /// The copy's element holding the array element with subscripts
    /// `subscripts` (C texts): `copy[((i - f) * (M) + (j - g))]`, with a
    /// subscript in parentheses where it may hold an operator that binds
    /// more loosely than the subtraction (`i > 3 ? i : 3`: `i > 3 ? i : 3
    /// - f` subtracted `f` from 3 only).
    pub fn element(&self, subscripts: &[String]) -> String {
        let offset = |d: usize| match self.first.get(d) {
            Some(Some(f)) if subscripts[d].contains(|c: char| "?:<>=!&|^,".contains(c)) => format!("(({}) - ({f}))", subscripts[d]),
            Some(Some(f)) => format!("({} - ({f}))", subscripts[d]),
            _ => format!("({})", subscripts[d]),
        };
        let mut index = offset(0);
        for (d, e) in self.extents.iter().enumerate().skip(1).take(subscripts.len() - 1) {
            index = format!("({index} * ({e}) + {})", offset(d));
        }
        format!("{}[{index}]", self.name)
    }
}

/// How [`print_pieces`] prints elements of flat arrays.
struct Flat<'a> {
    /// Each array's layout (`None`: indexed as written).
    layout: &'a dyn Fn(&str) -> Option<FlatLayout>,
    /// The elements printed so far.
    elements: &'a mut Vec<PrintedElement>,
}

/// Appends `pieces` to `out`, with array elements linearised as `flat`
/// lays them out (and each printed element noted).
fn print_pieces(pieces: &[BodyPiece], values: &[String], mut flat: Option<Flat>, out: &mut String) {
    for piece in pieces {
        match piece {
            BodyPiece::Text(t) => out.push_str(t),
            BodyPiece::Iterator(n) => out.push_str(&values[*n]),
            BodyPiece::Element { array, subscripts } => {
                let mut printed = Vec::new();
                for s in subscripts {
                    let mut text = String::new();
                    print_pieces(s, values, flat.as_mut().map(|f| Flat { layout: f.layout, elements: &mut *f.elements }), &mut text);
                    printed.push(text);
                }
                match flat.as_mut().and_then(|f| Some(((f.layout)(array)?, &mut *f.elements))) {
                    None => {
                        out.push_str(array);
                        printed.iter().for_each(|s| {
                            out.push('[');
                            out.push_str(s);
                            out.push(']');
                        })
                    }
                    Some((layout, elements)) => {
                        let text = layout.element(&printed);
                        out.push_str(&text);
                        elements.push(PrintedElement { array: array.clone(), text });
                    }
                }
            }
        }
    }
}

/// An array (or scalar) referenced in a region.
#[derive(Debug, Clone)]
pub struct ArrayInfo {
    /// C name.
    pub name: String,
    /// Element type as written in the declaration (`double`, `float`).
    pub element_type: String,
    /// Extent of each dimension as C text, `None` where the declaration
    /// gives none (a pointer or `A[]`). Empty for scalars.
    pub extents: Vec<Option<String>>,
    /// Declared as a parameter of the function, which C reads as a
    /// pointer (`double A[10]` too): it may point into an array, and the
    /// region may access it before that element.
    pub parameter: bool,
    /// A variable named in the extents that the function assigns after
    /// the declaration (`m = m / 2;` after `double A[n][m]`): C fixed the
    /// extents when it declared the array, so their text no longer gives
    /// them.
    pub stale_extent: Option<String>,
}

impl ArrayInfo {
    /// The element type without `const` or `volatile`: the type of a
    /// variable or buffer holding copies of its elements.
    pub fn value_type(&self) -> String {
        self.element_type.split_whitespace().filter(|w| !matches!(*w, "const" | "volatile")).collect::<Vec<_>>().join(" ")
    }
}

/// An iterator declared before the region that must hold, after the
/// regenerated code, the value the original loops leave in it.
pub struct LiveIterator {
    /// The variable.
    pub name: String,
    /// Its final value as a function of the parameters; undefined where no
    /// loop over it runs (the variable then keeps its value).
    pub final_value: isl_rs::PwAff,
}

impl Statement {
    /// A copy (isl objects are copied one by one).
    pub fn copy(&self) -> IslResult<Statement> {
        Ok(Statement {
            name: self.name.clone(),
            domain: self.domain.copy()?,
            iterators: self.iterators.clone(),
            decreasing: self.decreasing.clone(),
            reads: self.reads.iter().map(Access::copy).collect::<IslResult<_>>()?,
            writes: self.writes.iter().map(Access::copy).collect::<IslResult<_>>()?,
            body: self.body.clone(),
            span: self.span.clone(),
        })
    }
}

impl Access {
    /// A copy.
    pub fn copy(&self) -> IslResult<Access> {
        Ok(Access { ref_id: self.ref_id.clone(), array: self.array.clone(), relation: self.relation.copy()? })
    }
}

/// The variable a hoisted declaration (`double v0;`, `double t[4][8];`)
/// of [`Scop::private_declarations`] declares.
pub fn declared_name(declaration: &str) -> Option<&str> {
    let text = declaration.trim_end_matches(';').trim();
    let name_end = text.find(['=', '[']).unwrap_or(text.len());
    text[..name_end].split_whitespace().last().map(|n| n.trim_start_matches('*'))
}

impl Scop {
    /// This region with other statements (a subset of its own, rewritten)
    /// and the original schedule of those.
    pub fn with_statements(&self, statements: Vec<Statement>, schedule: Schedule) -> IslResult<Scop> {
        let live_iterators = self
            .live_iterators
            .iter()
            .map(|l| Ok(LiveIterator { name: l.name.clone(), final_value: l.final_value.copy()? }))
            .collect::<IslResult<_>>()?;
        Ok(Scop {
            index: self.index,
            params: self.params.clone(),
            unsigned_params: self.unsigned_params.clone(),
            context: self.context.copy()?,
            wrapping: self.wrapping.as_ref().map(|w| w.copy()).transpose()?,
            statements,
            arrays: self.arrays.clone(),
            invariants: self.invariants.clone(),
            schedule,
            private_declarations: self.private_declarations.clone(),
            live_iterators,
            scalars_live_after: self.scalars_live_after.clone(),
            dead_after: self.dead_after.clone(),
            outer_iterators: self.outer_iterators.clone(),
            counter_type: self.counter_type,
            span: self.span.clone(),
            expanded: self.expanded.clone(),
            device_functions: self.device_functions.clone(),
        })
    }

    /// The union of all statement domains.
    pub fn domain(&self) -> IslResult<UnionSet> {
        let mut all: Option<UnionSet> = None;
        for s in &self.statements {
            let d = UnionSet::from_set(s.domain.copy()?)?;
            all = Some(match all {
                None => d,
                Some(a) => a.union(d)?,
            });
        }
        match all {
            Some(a) => Ok(a),
            None => Ok(UnionSet::empty(self.context.get_space()?)?),
        }
    }

    /// Tagged accesses `[S_n[i] -> ref[]] -> A[f(i)]` of the given kind
    /// (an empty relation when there are none).
    pub fn tagged_accesses(&self, writes: bool) -> IslResult<UnionMap> {
        let mut all = UnionMap::empty(self.context.get_space()?)?;
        for s in &self.statements {
            for a in if writes { &s.writes } else { &s.reads } {
                all = all.union(UnionMap::from_map(tag_access(a)?)?)?;
            }
        }
        Ok(all)
    }

    /// Accesses `S_n[i] -> A[f(i)]` of the given kind, untagged (an empty
    /// relation when there are none).
    pub fn accesses(&self, writes: bool) -> IslResult<UnionMap> {
        self.accesses_where(writes, |_| true)
    }

    /// The elements of array `name` the region accesses; `None` where it
    /// accesses none (an array whose statements were inlined away).
    pub fn accessed_elements(&self, name: &str) -> IslResult<Option<Set>> {
        let mut elements: Option<Set> = None;
        for statement in &self.statements {
            for access in statement.reads.iter().chain(&statement.writes).filter(|a| a.array == name) {
                let these = access.relation.copy()?.intersect_domain(statement.domain.copy()?)?.range()?;
                elements = Some(match elements {
                    None => these,
                    Some(e) => e.union(these)?,
                });
            }
        }
        Ok(elements)
    }

    /// The writes (`writes`) or reads of array `array` by every statement,
    /// untagged (`S_k[i] -> A[e]`).
    pub fn array_accesses(&self, array: &str, writes: bool) -> IslResult<UnionMap> {
        self.accesses_where(writes, |a| a == array)
    }

    /// The writes or reads of the arrays `keep` accepts, untagged.
    fn accesses_where(&self, writes: bool, keep: impl Fn(&str) -> bool) -> IslResult<UnionMap> {
        let mut all = UnionMap::empty(self.context.get_space()?)?;
        for s in &self.statements {
            for a in (if writes { &s.writes } else { &s.reads }).iter().filter(|a| keep(&a.array)) {
                all = all.union(UnionMap::from_map(a.relation.copy()?)?)?;
            }
        }
        Ok(all)
    }

    /// The one element `{ name[] }` of the scalar `name`.
    pub fn scalar_element(&self, name: &str) -> IslResult<UnionSet> {
        Ok(UnionSet::from_set(Set::read_from_str(&self.context.get_ctx(), &format!("{{ {name}[] }}"))?)?)
    }

    /// Prints the model in isl notation (`--dump-scop`).
    pub fn dump(&self) -> IslResult<String> {
        let mut out = String::new();
        out.push_str(&format!("region {}:\n", self.index));
        out.push_str(&format!("  parameters: [{}]\n", self.params.join(", ")));
        out.push_str(&format!("  context: {}\n", self.context.isl_text()));
        if let Some(wrapping) = &self.wrapping {
            out.push_str(&format!("  unsigned values wrap (original code runs): {}\n", wrapping.isl_text()));
        }
        out.push_str("  arrays:\n");
        for a in &self.arrays {
            let dims: String = a
                .extents
                .iter()
                .map(|e| format!("[{}]", e.as_deref().unwrap_or("")))
                .collect();
            out.push_str(&format!("    {} {}{}\n", a.element_type, a.name, dims));
        }
        if !self.private_declarations.is_empty() {
            out.push_str("  private scalars:\n");
            for d in &self.private_declarations {
                out.push_str(&format!("    {d}\n"));
            }
        }
        out.push_str("  statements:\n");
        for s in &self.statements {
            out.push_str(&format!("    {}: {}\n", s.name, s.domain.isl_text()));
            let iters: Vec<String> = s.iterators.clone();
            out.push_str(&format!("      body: {}\n", s.body.substitute(&iters)));
            for a in &s.writes {
                out.push_str(&format!("      write {}: {}\n", a.ref_id, a.relation.isl_text()));
            }
            for a in &s.reads {
                out.push_str(&format!("      read {}: {}\n", a.ref_id, a.relation.isl_text()));
            }
        }
        for l in &self.live_iterators {
            out.push_str(&format!("  final value of {}: {}\n", l.name, l.final_value.isl_text()));
        }
        out.push_str(&format!("  schedule: {}\n", self.schedule.isl_text()));
        Ok(out)
    }
}

/// Gives `[S[i] -> ref[]] -> A[f(i)]` for one access.
fn tag_access(a: &Access) -> IslResult<Map> {
    let rel = a.relation.copy()?;
    let domain = rel.copy()?.domain()?;
    let space = isl_rs::Space::set_alloc(&domain.get_ctx(), 0, 0)?;
    let tag = Set::universe(space)?.set_tuple_name(&a.ref_id)?;
    let to_tag = Map::from_domain_and_range(domain, tag)?;
    // Disjoint pieces: the border conditions of `if (i == 0 || j == 0 ||
    // ...)` overlap at the corners, and isl's dataflow analysis ran 23 s
    // on such overlapping accesses (0.1 s on disjoint ones).
    Ok(to_tag.range_product(rel)?.uncurry()?.make_disjoint()?)
}
