module difffuzz

go 1.19
