//! Per-language checks on small inline sources: symbols, lines, parameters, returns,
//! nesting, imports and references.

use super::index;
use crate::map::Symbol;

/// Symbols as indented lines: `c Name(Base):N`, `m name(a,b)->T:N`.
fn outline(path: &str, source: &str) -> String {
    let index = index(path, source).expect("a known language");
    let mut out = String::new();
    for s in &index.symbols {
        render(s, 0, &mut out);
    }
    out
}

fn render(s: &Symbol, depth: usize, out: &mut String) {
    out.push_str(&"  ".repeat(depth));
    out.push(s.kind.letter());
    out.push(' ');
    out.push_str(&s.name);
    if !s.bases.is_empty() {
        out.push_str(&format!("({})", s.bases.join(",")));
    }
    if let Some(p) = &s.params {
        out.push_str(&format!("({})", p.join(",")));
    }
    if let Some(r) = &s.returns {
        out.push_str(&format!("->{r}"));
    }
    out.push_str(&format!(":{}\n", s.line));
    for c in &s.children {
        render(c, depth + 1, out);
    }
}

fn imports(path: &str, source: &str) -> Vec<String> {
    index(path, source)
        .unwrap()
        .imports
        .into_iter()
        .map(|i| format!("{}:{}", i.module, i.line))
        .collect()
}

fn references(path: &str, source: &str) -> Vec<String> {
    index(path, source)
        .unwrap()
        .references
        .into_iter()
        .map(|r| format!("{}:{}", r.name, r.line))
        .collect()
}

const RUST: &str = r#"use std::collections::HashMap;
use crate::map::{Kind, Symbol};
mod files;

pub const LIMIT: usize = 3;

/// A point.
#[derive(Debug)]
pub struct Point {
    pub x: i32,
    y: i32,
}

impl Point {
    pub fn new(x: i32, y: i32) -> Self {
        fn local() {}
        Point { x, y }
    }

    fn norm(&self) -> f64 { helper(self.x) }
}

impl std::fmt::Display for Elsewhere {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result { Ok(()) }
}

pub trait Shape {
    fn area(&self) -> f64;
}

fn helper(mut n: i32) -> f64 {
    n as f64
}
"#;

#[test]
fn rust_symbols_nest_impls_under_their_types() {
    assert_eq!(
        outline("src/a.rs", RUST),
        "v LIMIT:5
c Point:9
  p x:10
  p y:11
  m new(x,y)->Self:15
  m norm()->f64:20
c Elsewhere:23
  m fmt(f)->fmt::Result:24
c Shape:27
  m area()->f64:28
f helper(n)->f64:31
"
    );
    assert_eq!(
        imports("src/a.rs", RUST),
        [
            "std::collections::HashMap:1",
            "crate::map::{Kind, Symbol}:2",
            "mod files:3"
        ]
    );
    let refs = references("src/a.rs", RUST);
    assert!(refs.contains(&"helper:20".to_string()), "{refs:?}");
    assert!(refs.contains(&"Formatter:24".to_string()), "{refs:?}");
}

const PYTHON: &str = r#"import os.path
from .util import helper as h
from typing import Optional

LIMIT = 3

class Base:
    pass

class Point(Base, metaclass=Meta):
    origin = None

    def __init__(self, x: int, y=0, *args, **kw):
        self.x = x
        self.x = 2
        def local():
            pass

    @property
    def norm(self) -> Optional[float]:
        return helper(self.x)

    @classmethod
    def make(cls, *, z):
        return cls(z)

def helper(n):
    lambda q: q
    return n
"#;

#[test]
fn python_symbols_have_params_without_self_and_instance_variables() {
    assert_eq!(
        outline("pkg/a.py", PYTHON),
        "v LIMIT:5
c Base:7
c Point(Base):10
  p origin:11
  m __init__(x,y,args,kw):13
  v x:14
  m norm()->Optional[float]:20
  m make(z):24
f helper(n):27
"
    );
    assert_eq!(
        imports("pkg/a.py", PYTHON),
        ["os.path:1", ".util:2", "typing:3"]
    );
    assert!(references("pkg/a.py", PYTHON).contains(&"helper:21".to_string()));
}

const GO: &str = r#"package shapes

import (
	"fmt"
	m "math"
)

const Limit = 3

var registry = map[string]Shape{}

type Shape interface {
	Area() float64
}

type Point struct {
	X, Y int
}

func (p *Point) Norm(scale float64) (float64, error) {
	return m.Sqrt(float64(p.X)), nil
}

func New(x, y int, rest ...string) *Point {
	fmt.Println(rest)
	return &Point{x, y}
}

func (s Set[T]) Add(v T) {}
"#;

#[test]
fn go_methods_nest_under_their_receivers() {
    assert_eq!(
        outline("shapes/a.go", GO),
        "v Limit:8
v registry:10
c Shape:12
  m Area()->float64:13
c Point:16
  p X:17
  p Y:17
  m Norm(scale)->(float64, error):20
f New(x,y,rest)->*Point:24
c Set:29
  m Add(v):29
"
    );
    assert_eq!(imports("shapes/a.go", GO), ["fmt:4", "math:5"]);
}

const JS: &str = r#"import { a } from './util';
const fs = require('fs');

export const LIMIT = 3;

export class Point extends Base {
  count = 0;
  constructor(x, y = 1) {
    super();
  }
  norm(...rest) {
    return helper(this.x);
  }
}

function helper(n) {
  function local() {}
  return n;
}

const arrow = (a, b) => a + b;
const single = q => q;
module.exports.extra = function (z) {};
"#;

#[test]
fn javascript_classes_functions_and_arrow_functions() {
    assert_eq!(
        outline("src/a.js", JS),
        "v fs:2
v LIMIT:4
c Point(Base):6
  p count:7
  m constructor(x,y):8
  m norm(rest):11
f helper(n):16
f arrow(a,b):21
f single(q):22
f extra(z):23
"
    );
    assert_eq!(imports("src/a.js", JS), ["./util:1", "fs:2"]);
}

const TS: &str = r#"import type { Kind } from "./kind";

export interface Shape extends Base {
  name: string;
  area(scale?: number): number;
}

export type Id = string;

export enum Color { Red, Green }

export abstract class Point implements Shape {
  private x: number = 0;
  constructor(public y: number) { super(); }
  area(scale = 1): number { return make(scale); }
  abstract draw(ctx: Ctx): void;
}

export function make(n: number, ...rest: string[]): Point | null {
  return null;
}
"#;

#[test]
fn typescript_interfaces_types_and_return_types() {
    let expected = "c Shape(Base):3
  p name:4
  m area(scale)->number:5
c Id:8
c Color:10
c Point(Shape):12
  p x:13
  m constructor(y):14
  m area(scale)->number:15
  m draw(ctx)->void:16
f make(n,rest)->Point | null:19
";
    assert_eq!(outline("src/a.ts", TS), expected);
    assert_eq!(outline("src/a.tsx", TS), expected);
    assert_eq!(imports("src/a.ts", TS), ["./kind:1"]);
}

const JAVA: &str = r#"package a.b;

import java.util.List;
import a.b.c.*;

public class Point extends Base implements Shape, Comparable<Point> {
    private int x, y;
    static final int LIMIT = 3;

    public Point(int x, int y) { this.x = x; }

    @Override
    public List<String> names(String prefix, int... more) {
        return helper(prefix);
    }

    interface Inner {
        void run();
    }
}

enum Color { RED }
"#;

#[test]
fn java_classes_fields_and_methods() {
    assert_eq!(
        outline("src/Point.java", JAVA),
        "c Point(Base,Shape,Comparable<Point>):6
  p x:7
  p y:7
  p LIMIT:8
  m Point(x,y):10
  m names(prefix,more)->List<String>:13
  c Inner:17
    m run()->void:18
c Color:22
"
    );
    assert_eq!(
        imports("src/Point.java", JAVA),
        ["java.util.List:3", "a.b.c:4"]
    );
}

const C: &str = r#"#include <stdio.h>
#include "config.h"

static int counter = 0;

struct point {
    int x;
    char *name;
};

typedef struct {
    int w;
} size_t2;

typedef unsigned long ulong;
typedef struct node_s {
    int v;
} node;
typedef struct node_s *node_ptr;
typedef int (*visit_fn)(node *n, void *data);

int add(int a, int b);

static char *
describe(const struct point *p, char **argv)
{
    return helper(p->name);
}
"#;

#[test]
fn c_functions_structs_and_typedefs() {
    assert_eq!(
        outline("src/a.c", C),
        "v counter:4
c point:6
  p x:7
  p name:8
c size_t2:13
  p w:12
c ulong:15
c node:18
  c node_s:16
    p v:17
c node_ptr:19
c visit_fn:20
f add(a,b)->int:22
f describe(p,argv)->char:25
"
    );
    assert_eq!(imports("src/a.c", C), ["stdio.h:1", "config.h:2"]);
}

const CPP: &str = r#"#include "shape.h"

namespace geo {

class Point : public Base {
public:
    Point(int x);
    ~Point();
    int norm(int scale) const { return x_; }
private:
    int x_;
};

Point::Point(int x) : x_(x) {}

int Widget::draw(Canvas &c, int n) {
    return 0;
}

}  // namespace geo

int main(int argc, char **argv) { return 0; }
"#;

#[test]
fn cpp_classes_and_methods_defined_outside() {
    assert_eq!(
        outline("src/a.cpp", CPP),
        "c Point(Base):5
  m Point(x):7
  m ~Point():8
  m norm(scale)->int:9
  p x_:11
  m Point(x):14
c Widget:16
  m draw(c,n)->int:16
f main(argc,argv)->int:22
"
    );
}

const CSHARP: &str = r#"using System;
using System.Collections.Generic;

namespace Geo
{
    public interface IShape { double Area(); }

    public class Point : Base, IShape
    {
        private int x;
        public string Name { get; set; }

        public Point(int x) { this.x = x; }

        public double Area() => Helper(x);

        static List<int> Many(int a, params int[] rest) { return null; }
    }

    public enum Color { Red }
}
"#;

#[test]
fn csharp_classes_properties_and_methods() {
    assert_eq!(
        outline("src/A.cs", CSHARP),
        "c IShape:6
  m Area()->double:6
c Point(Base,IShape):8
  p x:10
  p Name:11
  m Point(x):13
  m Area()->double:15
  m Many(a,rest)->List<int>:17
c Color:20
"
    );
    assert_eq!(
        imports("src/A.cs", CSHARP),
        ["System:1", "System.Collections.Generic:2"]
    );
}

#[test]
fn unknown_languages_give_none_and_broken_code_gives_what_was_recovered() {
    assert_eq!(index("README", "text"), None);
    let broken = "def ok(a):\n    pass\n\ndef broken(:\n";
    assert!(outline("a.py", broken).starts_with("f ok(a):1\n"));
    let parsed = index("a.py", broken).unwrap();
    assert_eq!(parsed.problem, Some(crate::map::Problem::Recovered));
    assert_eq!(
        index("a.py", "def ok(a):\n    pass\n").unwrap().problem,
        None
    );
}

/// A match: its pattern, and each capture's node span and capture index.
type Match = (usize, Vec<(usize, usize, u32)>);

/// Every match, sorted.
fn all_matches(path: &str, source: &str, whole_tree: bool) -> Vec<Match> {
    let lang = crate::map::lang::for_path(path).unwrap();
    let compiled = lang.query().unwrap();
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&lang.grammar()).unwrap();
    let tree = parser.parse(source, None).unwrap();
    let roots = if whole_tree {
        None
    } else {
        compiled.roots.clone()
    };
    let compiled = super::Compiled {
        query: tree_sitter::Query::new(&lang.grammar(), lang.source()).unwrap(),
        roots,
    };
    let mut out = Vec::new();
    let mut cursor = tree_sitter::QueryCursor::new();
    super::for_each_match(&mut cursor, &compiled, tree.root_node(), source, |m| {
        let captures = m
            .captures
            .iter()
            .map(|c| (c.node.start_byte(), c.node.end_byte(), c.index))
            .collect();
        out.push((m.pattern_index, captures));
    });
    out.sort();
    out
}

#[test]
fn matches_found_at_root_kinds_are_the_whole_tree_query_matches() {
    let sources = [
        ("a.rs", RUST),
        ("a.py", PYTHON),
        ("a.go", GO),
        ("a.js", JS),
        ("a.ts", TS),
        ("A.java", JAVA),
        ("a.c", C),
        ("a.cpp", CPP),
        ("A.cs", CSHARP),
    ];
    for (path, source) in sources {
        let walked = all_matches(path, source, false);
        assert!(!walked.is_empty(), "{path}");
        assert_eq!(walked, all_matches(path, source, true), "{path}");
    }
}

/// The least work limit under which `source` parses as `path`'s language.
fn work_needed(path: &str, source: &str) -> u32 {
    let lang = super::lang::for_path(path).expect("a known language");
    let mut parser = tree_sitter::Parser::new();
    let mut parses = |limit| super::parse(&mut parser, lang, source, limit).is_ok();
    let (mut low, mut high) = (0, super::PARSE_WORK_LIMIT);
    assert!(parses(high), "{path} does not parse within the limit");
    while low < high {
        let mid = (low + high) / 2;
        if parses(mid) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    low
}

#[test]
fn the_parse_limit_counts_work_so_a_file_gets_the_same_outcome_every_run() {
    let source = include_str!("index.rs").repeat(4);
    let needed = work_needed("a.rs", &source);
    assert!(needed > 10, "{needed}");
    let lang = super::lang::for_path("a.rs").unwrap();
    let mut parser = tree_sitter::Parser::new();
    for _ in 0..3 {
        assert!(super::parse(&mut parser, lang, &source, needed).is_ok());
        let over = super::parse(&mut parser, lang, &source, needed - 1);
        assert_eq!(over.err(), Some(crate::map::Problem::OverWorkLimit));
    }
}

#[test]
fn real_code_at_the_maps_file_size_cap_parses_within_the_limit() {
    // This file, repeated to the 1 MB cap: Rust about as dense as any measured.
    let cap = crate::map::files::DEFAULT_MAX_BYTES as usize;
    let source = include_str!("index.rs").repeat(cap / include_str!("index.rs").len());
    let needed = work_needed("a.rs", &source);
    assert!(
        needed < super::PARSE_WORK_LIMIT / 2,
        "a megabyte of real Rust needs {needed} checks, too close to the limit"
    );
}
