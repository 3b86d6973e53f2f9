module gotemplate

go 1.19
