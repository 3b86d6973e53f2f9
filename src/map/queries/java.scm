(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.class
(superclass [(type_identifier) (generic_type) (scoped_type_identifier)] @base)
(super_interfaces (type_list [(type_identifier) (generic_type) (scoped_type_identifier)] @base))
(extends_interfaces (type_list [(type_identifier) (generic_type) (scoped_type_identifier)] @base))

(method_declaration
  type: (_) @returns
  name: (identifier) @name
  parameters: (formal_parameters) @params) @definition.method
(constructor_declaration
  name: (identifier) @name
  parameters: (formal_parameters) @params) @definition.method
(formal_parameters (formal_parameter name: (identifier) @param))
(formal_parameters (spread_parameter (variable_declarator name: (identifier) @param)))

(field_declaration declarator: (variable_declarator name: (identifier) @name) @definition.property)
(constant_declaration declarator: (variable_declarator name: (identifier) @name) @definition.property)

(import_declaration (scoped_identifier) @import)
(import_declaration (identifier) @import)

(method_invocation name: (identifier) @reference)
(type_identifier) @reference
