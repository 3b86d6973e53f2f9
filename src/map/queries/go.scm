(type_spec name: (type_identifier) @name) @definition.class
(type_alias name: (type_identifier) @name) @definition.class

(function_declaration
  name: (identifier) @name
  parameters: (parameter_list) @params
  result: (_)? @returns) @definition.function

; Methods nest under their receiver's type.
(method_declaration
  receiver: (parameter_list (parameter_declaration type: [
    (type_identifier) @owner
    (pointer_type (type_identifier) @owner)
    (generic_type type: (type_identifier) @owner)
    (pointer_type (generic_type type: (type_identifier) @owner))
  ]))
  name: (field_identifier) @name
  parameters: (parameter_list) @params
  result: (_)? @returns) @definition.method
(method_elem
  name: (field_identifier) @name
  parameters: (parameter_list) @params
  result: (_)? @returns) @definition.method
(parameter_list (parameter_declaration name: (identifier) @param))
(parameter_list (variadic_parameter_declaration name: (identifier) @param))

; One definition per name: `X, Y int` declares two.
(field_declaration name: (field_identifier) @name @definition.property)
(var_spec name: (identifier) @name @definition.variable)
(const_spec name: (identifier) @name @definition.variable)

(import_spec path: (_) @import)

(call_expression function: (identifier) @reference)
(call_expression function: (selector_expression field: (field_identifier) @reference))
(type_identifier) @reference
