(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(delegate_declaration name: (identifier) @name) @definition.class
(base_list [(identifier) (generic_name) (qualified_name)] @base)

(method_declaration
  returns: (_) @returns
  name: (identifier) @name
  parameters: (parameter_list) @params) @definition.method
(constructor_declaration
  name: (identifier) @name
  parameters: (parameter_list) @params) @definition.method
(local_function_statement
  name: (identifier) @name
  parameters: (parameter_list) @params) @definition.function
(parameter_list (parameter name: (identifier) @param))
(parameter_list name: (identifier) @param)

(property_declaration name: (identifier) @name) @definition.property
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.property
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.property

(using_directive [(qualified_name) (identifier)] @import)

(invocation_expression function: (identifier) @reference)
(invocation_expression function: (member_access_expression name: (identifier) @reference))
(object_creation_expression type: (identifier) @reference)
(base_list (identifier) @reference)
(parameter type: (identifier) @reference)
