package main

import (
	"bytes"
	"fmt"
	"text/template"

	"gotemplate/fixtures/gojson"
)

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
		var err error
		if value, err = gojson.Decode([]byte(data)); err != nil {
			r := fail(err.Error())
			r.DataError = true
			return r
		}
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
