(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.class
(type_alias_declaration name: (type_identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.class
(extends_clause value: (_) @base)
(extends_type_clause type: (_) @base)
(implements_clause (_) @base)

(function_signature
  name: (identifier) @name
  parameters: (formal_parameters) @params
  return_type: (_)? @returns) @definition.function
(function_declaration return_type: (_) @returns) @definition.function
(method_definition return_type: (_) @returns) @definition.method
(method_signature
  name: (_) @name
  parameters: (formal_parameters) @params
  return_type: (_)? @returns) @definition.method
(abstract_method_signature
  name: (_) @name
  parameters: (formal_parameters) @params
  return_type: (_)? @returns) @definition.method
(formal_parameters (required_parameter pattern: (identifier) @param))
(formal_parameters (optional_parameter pattern: (identifier) @param))
(formal_parameters (required_parameter pattern: (rest_pattern (identifier) @param)))

(public_field_definition name: (_) @name) @definition.property
(property_signature name: (_) @name) @definition.property

(type_identifier) @reference
