package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"text/template"
)

// convert gives decoded JSON the conformance harness's data model (gorender/main.go):
// integral spellings become int, other numbers float64.
func convert(v interface{}) interface{} {
	switch t := v.(type) {
	case json.Number:
		s := t.String()
		if !strings.ContainsAny(s, ".eE") {
			if i, err := t.Int64(); err == nil {
				return int(i)
			}
		}
		f, _ := t.Float64()
		return f
	case map[string]interface{}:
		for k, x := range t {
			t[k] = convert(x)
		}
		return t
	case []interface{}:
		for i, x := range t {
			t[i] = convert(x)
		}
		return t
	}
	return v
}

// Result is what Go made of one case: Output, or Error when parsing, executing or
// decoding the data failed (DataError says it was the data).
type Result struct {
	Output    *string `json:"output,omitempty"`
	Error     *string `json:"error,omitempty"`
	DataError bool    `json:"data_error,omitempty"`
}

func render(name, tmpl, data string) (res Result) {
	fail := func(msg string) Result { return Result{Error: &msg} }
	defer func() {
		if r := recover(); r != nil {
			res = fail(fmt.Sprintf("go panic: %v", r))
		}
	}()
	var value interface{}
	if data != "" {
		d := json.NewDecoder(strings.NewReader(data))
		d.UseNumber()
		if err := d.Decode(&value); err != nil {
			r := fail(err.Error())
			r.DataError = true
			return r
		}
		value = convert(value)
	}
	t, err := template.New(name).Parse(tmpl)
	if err != nil {
		return fail(err.Error())
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, value); err != nil {
		return fail(err.Error())
	}
	s := buf.String()
	return Result{Output: &s}
}
