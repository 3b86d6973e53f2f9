; Shared by JavaScript, TypeScript and TSX.
(class_declaration name: (_) @name) @definition.class
(class name: (_) @name) @definition.class

(function_declaration
  name: (identifier) @name
  parameters: (formal_parameters) @params) @definition.function
(generator_function_declaration
  name: (identifier) @name
  parameters: (formal_parameters) @params) @definition.function
(function_expression
  name: (identifier) @name
  parameters: (formal_parameters) @params) @definition.function
(method_definition
  name: (_) @name
  parameters: (formal_parameters) @params) @definition.method
(variable_declarator
  name: (identifier) @name
  value: [
    (arrow_function parameters: (formal_parameters) @params)
    (arrow_function parameter: (identifier) @params @param)
    (function_expression parameters: (formal_parameters) @params)
  ]) @definition.function
(expression_statement (assignment_expression
  left: (member_expression property: (property_identifier) @name)
  right: [
    (arrow_function parameters: (formal_parameters) @params)
    (function_expression parameters: (formal_parameters) @params)
  ])) @definition.function
(pair
  key: (property_identifier) @name
  value: [
    (arrow_function parameters: (formal_parameters) @params)
    (function_expression parameters: (formal_parameters) @params)
  ]) @definition.function

(program (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)))

(import_statement source: (string (string_fragment) @import))
(export_statement source: (string (string_fragment) @import))
((call_expression
  function: (identifier) @_require
  arguments: (arguments . (string (string_fragment) @import)))
  (#eq? @_require "require"))

(call_expression function: (identifier) @reference)
(call_expression function: (member_expression property: (property_identifier) @reference))
(new_expression constructor: (identifier) @reference)
