; Types (c). Traits are classes too; their method signatures nest under them.
(struct_item name: (type_identifier) @name) @definition.class
(enum_item name: (type_identifier) @name) @definition.class
(union_item name: (type_identifier) @name) @definition.class
(type_item name: (type_identifier) @name) @definition.class
(trait_item name: (type_identifier) @name) @definition.class

; `impl X` and `impl T for X`: methods nest under X.
(impl_item type: [
  (type_identifier) @name
  (generic_type type: (type_identifier) @name)
  (scoped_type_identifier name: (type_identifier) @name)
  (generic_type type: (scoped_type_identifier name: (type_identifier) @name))
]) @definition.impl

(function_item
  name: (identifier) @name
  parameters: (parameters) @params
  return_type: (_)? @returns) @definition.function
(function_signature_item
  name: (identifier) @name
  parameters: (parameters) @params
  return_type: (_)? @returns) @definition.function
(parameters (parameter pattern: (_) @param))

(field_declaration name: (field_identifier) @name) @definition.property
(const_item name: (identifier) @name) @definition.variable
(static_item name: (identifier) @name) @definition.variable
(macro_definition name: (identifier) @name) @definition.function

; Imports: `use a::b` as written, `mod x;` as `mod x`.
(use_declaration argument: (_) @import)
(mod_item name: (identifier) @import.mod !body)

; References.
(call_expression function: (identifier) @reference)
(call_expression function: (field_expression field: (field_identifier) @reference))
(call_expression function: (scoped_identifier name: (identifier) @reference))
(scoped_identifier path: (identifier) @reference)
(macro_invocation macro: (identifier) @reference)
(type_identifier) @reference
