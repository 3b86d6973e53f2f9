(class_definition name: (identifier) @name) @definition.class
(class_definition superclasses: (argument_list [(identifier) (attribute)] @base))

(function_definition
  name: (identifier) @name
  parameters: (parameters) @params
  return_type: (_)? @returns) @definition.function
(parameters (identifier) @param)
(parameters (default_parameter name: (identifier) @param))
(parameters (typed_parameter . (identifier) @param))
(parameters (typed_default_parameter name: (identifier) @param))
(parameters (list_splat_pattern (identifier) @param))
(parameters (dictionary_splat_pattern (identifier) @param))
(parameters (typed_parameter . (list_splat_pattern (identifier) @param)))
(parameters (typed_parameter . (dictionary_splat_pattern (identifier) @param)))

; Module-level variables (v), class attributes (p), instance variables (v on the class).
(module (expression_statement (assignment left: (identifier) @name)) @definition.variable)
(class_definition body: (block (expression_statement (assignment left: (identifier) @name)) @definition.property))
((assignment
  left: (attribute object: (identifier) @_self attribute: (identifier) @name)) @definition.instance
  (#eq? @_self "self"))

(import_statement name: (dotted_name) @import)
(import_statement name: (aliased_import name: (dotted_name) @import))
(import_from_statement module_name: (_) @import)

(call function: (identifier) @reference)
(call function: (attribute attribute: (identifier) @reference))
(class_definition superclasses: (argument_list (identifier) @reference))
(decorator (identifier) @reference)
(type (identifier) @reference)
