; Shared by C and C++.
(function_definition
  type: (_) @returns
  declarator: [
    (function_declarator declarator: (identifier) @name parameters: (parameter_list) @params)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @params))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @params)))
  ]) @definition.function
(declaration
  type: (_) @returns
  declarator: [
    (function_declarator declarator: (identifier) @name parameters: (parameter_list) @params)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @params))
  ]) @definition.function
(parameter_list (parameter_declaration declarator: (_) @param))

(struct_specifier name: (type_identifier) @name body: (_)) @definition.class
(union_specifier name: (type_identifier) @name body: (_)) @definition.class
(enum_specifier name: (type_identifier) @name body: (_)) @definition.class
; Typedefs: of any type, of a pointer, of a function pointer.
(type_definition declarator: (type_identifier) @name) @definition.class
(type_definition declarator: (pointer_declarator declarator: (type_identifier) @name)) @definition.class
(type_definition declarator: (function_declarator
  declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))) @definition.class

(field_declaration declarator: [
  (field_identifier) @name
  (pointer_declarator declarator: (field_identifier) @name)
  (array_declarator declarator: (field_identifier) @name)
]) @definition.property

(translation_unit (declaration declarator: [
  (identifier) @name
  (init_declarator declarator: (identifier) @name)
  (pointer_declarator declarator: (identifier) @name)
  (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))
  (array_declarator declarator: (identifier) @name)
  (init_declarator declarator: (array_declarator declarator: (identifier) @name))
]) @definition.variable)

(preproc_include path: (_) @import)

(call_expression function: (identifier) @reference)
(call_expression function: (field_expression field: (field_identifier) @reference))
(type_identifier) @reference
