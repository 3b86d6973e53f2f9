package main

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
)

// gen builds one random, mostly valid template over text/template's grammar, keeping
// track of the variables in scope so that most references parse.
type gen struct {
	r       *rand.Rand
	vars    []string // variables in scope, innermost last ("$" first)
	nvars   int      // for fresh names
	depth   int      // control nesting
	parens  int      // parenthesis nesting
	inRange int      // enclosing ranges (break/continue are valid when > 0)
	defines []string // names of defined templates
}

func newGen(r *rand.Rand) *gen { return &gen{r: r, vars: []string{"$"}} }

func (g *gen) n(k int) int           { return g.r.Intn(k) }
func (g *gen) chance(p float64) bool { return g.r.Float64() < p }
func pick[T any](g *gen, xs ...T) T  { return xs[g.r.Intn(len(xs))] }

var texts = []string{"", "a", " ", "\n", "x y", "}", "-", " \t", "é", "{ ", "\n  ", "<&>", "%", "a{ "}
var fieldNames = []string{"A", "B", "L", "M", "N", "S", "X", "Y", "E", "F", "Z"}

func (g *gen) template() string {
	var b strings.Builder
	// Define some templates first, so calls can find them.
	for i := g.n(3); i > 0; i-- {
		if g.chance(0.6) {
			name := fmt.Sprintf("T%d", len(g.defines))
			saved := g.vars
			g.vars = []string{"$"}
			body := g.list(2)
			g.vars = saved
			fmt.Fprintf(&b, "{{define %q}}%s{{end}}", name, body)
			g.defines = append(g.defines, name)
		}
	}
	b.WriteString(g.list(1 + g.n(4)))
	return b.String()
}

func (g *gen) list(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(g.item())
	}
	return b.String()
}

func (g *gen) open() string {
	if g.chance(0.15) {
		return "{{- "
	}
	return "{{"
}

func (g *gen) close() string {
	if g.chance(0.15) {
		return " -}}"
	}
	return "}}"
}

func (g *gen) item() string {
	k := g.n(100)
	switch {
	case k < 22:
		return pick(g, texts...)
	case k < 55 || g.depth >= 3:
		return g.open() + g.pipeline(true) + g.close()
	case k < 65:
		return g.control("if")
	case k < 72:
		return g.control("with")
	case k < 84:
		return g.rangeControl()
	case k < 88:
		c := pick(g, "/* c */", "/*\n*/", "/**/")
		if g.chance(0.3) {
			return "{{- " + c + " -}}"
		}
		return "{{" + c + "}}"
	case k < 93 && g.inRange > 0:
		return g.open() + pick(g, "break", "continue") + g.close()
	case k < 97 && len(g.defines) > 0:
		name := pick(g, g.defines...)
		if g.chance(0.3) {
			return fmt.Sprintf("{{template %q}}", name)
		}
		return fmt.Sprintf("{{template %q %s}}", name, g.pipeline(false))
	default:
		if g.depth == 0 && g.chance(0.5) && len(g.vars) == 1 {
			name := fmt.Sprintf("B%d", g.n(1000))
			saved := g.vars
			g.vars = []string{"$"}
			g.depth++
			body := g.list(1 + g.n(2))
			g.depth--
			g.vars = saved
			return fmt.Sprintf("{{block %q %s}}%s{{end}}", name, g.operand(), body)
		}
		return g.open() + g.pipeline(true) + g.close()
	}
}

// scoped runs f with variables declared inside it dropped afterwards.
func (g *gen) scoped(f func() string) string {
	mark := len(g.vars)
	g.depth++
	s := f()
	g.depth--
	g.vars = g.vars[:mark]
	return s
}

func (g *gen) control(kw string) string {
	return g.scoped(func() string {
		var b strings.Builder
		b.WriteString(g.open() + kw + " " + g.pipeline(true) + g.close())
		b.WriteString(g.scoped(func() string { return g.list(1 + g.n(2)) }))
		for kw == "if" && g.chance(0.25) {
			b.WriteString(g.open() + "else if " + g.pipeline(false) + g.close())
			b.WriteString(g.scoped(func() string { return g.list(1 + g.n(2)) }))
		}
		if g.chance(0.4) {
			b.WriteString(g.open() + "else" + g.close())
			b.WriteString(g.scoped(func() string { return g.list(1 + g.n(2)) }))
		}
		b.WriteString(g.open() + "end" + g.close())
		return b.String()
	})
}

func (g *gen) rangeControl() string {
	return g.scoped(func() string {
		var b strings.Builder
		over := pick(g, ".L", ".M", ".E", ".L", ".M", ".N", ".L.L", "$", "(slice .L 1)", ".A", g.operand())
		decl := ""
		switch g.n(6) {
		case 0, 1:
			decl = g.fresh() + " := "
		case 2:
			decl = g.fresh() + ", " + g.fresh() + " := "
		case 3:
			if len(g.vars) > 1 && g.chance(0.5) {
				decl = pick(g, g.vars...) + " = "
			}
		}
		b.WriteString(g.open() + "range " + decl + over + g.close())
		g.inRange++
		b.WriteString(g.scoped(func() string { return g.list(1 + g.n(3)) }))
		g.inRange--
		if g.chance(0.35) {
			b.WriteString(g.open() + "else" + g.close())
			b.WriteString(g.scoped(func() string { return g.list(1 + g.n(2)) }))
		}
		b.WriteString(g.open() + "end" + g.close())
		return b.String()
	})
}

func (g *gen) fresh() string {
	g.nvars++
	name := pick(g, "$x", "$y", "$i", "$e", "$v", "$x_2", "$root", "$dot", "$_", "$1", "$é")
	if g.chance(0.3) {
		name = fmt.Sprintf("$v%d", g.nvars)
	}
	g.vars = append(g.vars, name)
	return name
}

// pipeline: an optional declaration or assignment, then commands joined by pipes.
func (g *gen) pipeline(allowDecl bool) string {
	var b strings.Builder
	declare := ""
	if allowDecl && g.chance(0.2) {
		if len(g.vars) > 1 && g.chance(0.4) {
			b.WriteString(pick(g, g.vars...) + " = ")
		} else {
			declare = pick(g, "$x", "$y", "$v", "$x_2", "$root", "$entries", "$é", "$_")
			b.WriteString(declare + " := ")
		}
	}
	b.WriteString(g.command(true))
	for i := g.n(3); i > 0 && g.chance(0.5); i-- {
		b.WriteString(" | " + g.call(true))
	}
	// A declared variable is in scope only after its pipeline.
	if declare != "" {
		g.vars = append(g.vars, declare)
	}
	return b.String()
}

func (g *gen) command(first bool) string {
	if g.chance(0.45) {
		return g.call(false)
	}
	s := g.operand()
	if s == "nil" && g.chance(0.9) {
		return "."
	}
	return s
}

var funcs = []string{"and", "or", "not", "len", "index", "slice", "print", "printf", "println",
	"eq", "ne", "lt", "le", "gt", "ge", "html", "js", "urlquery", "printf", "printf", "index"}

// call: a function with arguments; piped says a pipeline value will be appended.
func (g *gen) call(piped bool) string {
	fn := pick(g, funcs...)
	var args []string
	add := func(n int) {
		for i := 0; i < n; i++ {
			args = append(args, g.operand())
		}
	}
	extra := 0
	if piped {
		extra = 1
	}
	switch fn {
	case "and", "or":
		add(1 + g.n(3) - extra)
	case "not", "len":
		add(1 - extra)
	case "index":
		args = append(args, g.operand())
		for i := g.n(3); i > 0; i-- {
			args = append(args, g.index())
		}
	case "slice":
		args = append(args, g.operand())
		for i := g.n(4); i > 0; i-- {
			args = append(args, g.index())
		}
	case "printf":
		args = append(args, strconv.Quote(g.format()))
		add(g.n(4))
	case "eq":
		add(2 + g.n(2) - extra)
	case "ne", "lt", "le", "gt", "ge":
		if g.chance(0.6) {
			// Comparable operands most of the time: ints, floats, strings or bytes.
			pool := pick(g, []string{"1", "-1", "0", "'a'", "$.X", ".X", "(len .L)", "(index \"ab\" 0)"},
				[]string{"1.5", "-2.5", "0.0", "1e3", ".Y"}, []string{`"a"`, `"b"`, `""`, ".S", "(slice \"abc\" 1)"})
			for i := 2 - extra; i > 0; i-- {
				args = append(args, pick(g, pool...))
			}
		} else {
			add(2 - extra)
		}
	default:
		add(g.n(3))
	}
	if g.chance(0.05) {
		add(1) // a wrong argument count now and then
	}
	if len(args) == 0 {
		return fn
	}
	return fn + " " + strings.Join(args, " ")
}

func (g *gen) index() string {
	if g.chance(0.8) {
		return strconv.Itoa(g.n(6) - g.n(2))
	}
	return g.operand()
}

func (g *gen) operand() string {
	k := g.n(100)
	switch {
	case k < 30:
		f := "." + pick(g, fieldNames...)
		if g.chance(0.2) {
			f += "." + pick(g, fieldNames...)
		}
		return f
	case k < 36:
		return "."
	case k < 48:
		v := pick(g, g.vars...)
		if g.chance(0.25) {
			if v == "$" {
				return "$." + pick(g, fieldNames...)
			}
			return v + "." + pick(g, fieldNames...)
		}
		if g.chance(0.01) {
			return "$undeclared"
		}
		return v
	case k < 78:
		return g.literal()
	case k < 81:
		return "nil"
	default:
		if g.parens >= 2 {
			return g.literal()
		}
		g.parens++
		inner := g.pipelineInParens()
		g.parens--
		if g.chance(0.15) {
			return "(" + inner + ")." + pick(g, fieldNames...)
		}
		return "(" + inner + ")"
	}
}

func (g *gen) pipelineInParens() string {
	if g.chance(0.08) {
		if len(g.vars) > 1 && g.chance(0.5) {
			return pick(g, g.vars...) + " = " + g.command(true)
		}
		s := g.command(true)
		name := pick(g, "$x", "$y", "$v", "$w")
		g.vars = append(g.vars, name)
		return name + " := " + s
	}
	return g.pipeline(false)
}

var literals = []string{
	"0", "1", "-1", "2", "3", "7", "10", "255", "256", "-0", "+5", "1000000", "9223372036854775807",
	"0x1F", "0X1f", "0o17", "017", "0b101", "1_000", "0x_1F", "'a'", "'\\n'", "'é'", "'\\x41'",
	"1.5", "-2.5", "0.0", "1e3", "1e6", "1e21", "1e-7", ".5", "0x1p4", "1.0", "3.0", "2.5e-3",
	"1i", "2.5i", "1+2i",
	`""`, `"a"`, `"abc"`, `"héllo"`, `"a b"`, `"<b>&'\""`, `"\t\n"`, `"\x41\u00e9"`, `"0"`, `"%d"`,
	"`raw`", "`a\\b`", "`%s`",
	"true", "false",
}

func (g *gen) literal() string { return pick(g, literals...) }

// format: a printf format with verbs, flags, widths, precisions and argument indexes.
func (g *gen) format() string {
	var b strings.Builder
	for i := 1 + g.n(3); i > 0; i-- {
		if g.chance(0.3) {
			b.WriteString(pick(g, "x", " ", "-", "ab", "[", "é"))
		}
		b.WriteByte('%')
		for j := g.n(3); j > 0; j-- {
			b.WriteString(pick(g, "+", "-", "#", " ", "0"))
		}
		if g.chance(0.1) {
			fmt.Fprintf(&b, "[%d]", g.n(4))
		}
		if g.chance(0.3) {
			if g.chance(0.15) {
				b.WriteString("*")
			} else {
				b.WriteString(strconv.Itoa(g.n(12)))
			}
		}
		if g.chance(0.25) {
			b.WriteString(".")
			if g.chance(0.1) {
				b.WriteString("*")
			} else if g.chance(0.9) {
				b.WriteString(strconv.Itoa(g.n(8)))
			}
		}
		if g.chance(0.1) {
			fmt.Fprintf(&b, "[%d]", 1+g.n(3))
		}
		b.WriteString(pick(g, "v", "v", "d", "s", "s", "q", "x", "X", "T", "t", "f", "F", "e",
			"E", "g", "G", "b", "o", "O", "c", "U", "w", "%", "z", "p"))
	}
	return b.String()
}

// data: random JSON text, usually an object with the field names templates use.
func (g *gen) data() string {
	if g.chance(0.05) {
		return g.value(2)
	}
	var parts []string
	for _, k := range fieldNames {
		if !g.chance(0.7) {
			continue
		}
		v := g.value(2)
		if g.chance(0.6) {
			v = g.typed(k)
		}
		parts = append(parts, strconv.Quote(k)+":"+v)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

var scalars = []string{
	"0", "1", "-1", "2", "3", "-0", "42", "1000000", "9223372036854775807", "9223372036854775808",
	"-9223372036854775808", "1.5", "-2.5", "0.0", "-0.0", "1e6", "1E2", "1e21", "1e-7", "2.0",
	"0.1", "1e400", "123456789", "3.14159",
	`""`, `"a"`, `"abc"`, `"héllo"`, `"a b"`, `"<b>&'\""`, `"\n"`, `"\u00e9"`, `"\ud800"`, `"0"`,
	`"%d"`, `"1"`, "true", "false", "null",
}

// typed: a value of the type a field name suggests (X int, Y float, S string, L list,
// M map, N null), so that more templates get past Go's type checks.
func (g *gen) typed(k string) string {
	switch k {
	case "X", "Z":
		return pick(g, "0", "1", "-1", "2", "3", "42", "-0", "97", "1000000")
	case "Y", "F":
		return pick(g, "1.5", "-2.5", "0.0", "2.0", "1e6", "0.1", "-0.0", "1e21")
	case "S", "B":
		return pick(g, `""`, `"a"`, `"abc"`, `"héllo"`, `"a b"`, `"<b>&'\""`, `"\ud800x"`)
	case "L", "E":
		var items []string
		for i := g.n(6); i > 0; i-- {
			items = append(items, pick(g, "1", "2", "-3", "1.5", `"a"`, "null", "true", "[1]", `{"A":1}`))
		}
		return "[" + strings.Join(items, ",") + "]"
	case "M", "A":
		var parts []string
		for i := g.n(4); i > 0; i-- {
			parts = append(parts, strconv.Quote(pick(g, fieldNames...))+":"+g.typed(pick(g, "X", "Y", "S", "L")))
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	return "null"
}

func (g *gen) value(depth int) string {
	k := g.n(10)
	switch {
	case depth > 0 && k < 2:
		var items []string
		for i := g.n(5); i > 0; i-- {
			items = append(items, g.value(depth-1))
		}
		return "[" + strings.Join(items, ",") + "]"
	case depth > 0 && k < 4:
		var parts []string
		for i := g.n(4); i > 0; i-- {
			parts = append(parts, strconv.Quote(pick(g, fieldNames...))+":"+g.value(depth-1))
		}
		return "{" + strings.Join(parts, ",") + "}"
	default:
		return pick(g, scalars...)
	}
}
