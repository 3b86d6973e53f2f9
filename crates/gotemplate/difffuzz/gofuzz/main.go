// Command difffuzz generates random Go templates with random JSON data and renders
// them with Go's text/template, for scripts/difffuzz/run (at the workspace root) to
// compare with the gotemplate crate.
//
//	difffuzz gen SEED COUNT   one JSON line per case: id, template, data, Go's result
//	difffuzz serve            reads {"template","data"} lines, answers with results
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"strconv"
)

// Case is one generated case with Go's result.
type Case struct {
	ID       int    `json:"id"`
	Template string `json:"template"`
	Data     string `json:"data"`
	Result
}

// Name is the template name every case is parsed under.
const Name = "t"

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	switch os.Args[1] {
	case "gen":
		if len(os.Args) != 4 {
			usage()
		}
		seed, err1 := strconv.ParseInt(os.Args[2], 10, 64)
		count, err2 := strconv.Atoi(os.Args[3])
		if err1 != nil || err2 != nil {
			usage()
		}
		for i := 0; i < count; i++ {
			// Each case has its own stream, so a case can be regenerated from its id.
			g := newGen(rand.New(rand.NewSource(seed*1_000_003 + int64(i))))
			tmpl, data := g.template(), g.data()
			enc.Encode(Case{ID: i, Template: tmpl, Data: data, Result: render(Name, tmpl, data)})
		}
	case "serve":
		in := bufio.NewScanner(os.Stdin)
		in.Buffer(make([]byte, 1<<20), 1<<26)
		for in.Scan() {
			var c Case
			if err := json.Unmarshal(in.Bytes(), &c); err != nil {
				fmt.Fprintln(os.Stderr, "difffuzz serve:", err)
				os.Exit(2)
			}
			enc.Encode(render(Name, c.Template, c.Data))
			out.Flush()
		}
	default:
		usage()
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: difffuzz gen SEED COUNT | difffuzz serve")
	os.Exit(2)
}
