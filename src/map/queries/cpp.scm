(class_specifier name: (type_identifier) @name body: (_)) @definition.class
(base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @base)

; Methods declared or defined in the class body.
(field_declaration declarator: (function_declarator
  declarator: [(field_identifier) (destructor_name) (operator_name)] @name
  parameters: (parameter_list) @params)) @definition.method
(function_definition declarator: (function_declarator
  declarator: [(field_identifier) (destructor_name) (operator_name)] @name
  parameters: (parameter_list) @params)) @definition.method
(declaration declarator: (function_declarator
  declarator: [(identifier) (destructor_name)] @name
  parameters: (parameter_list) @params)) @definition.method
; `Type::method` outside the class: nests under Type when the file defines it.
(function_definition declarator: (function_declarator
  declarator: (qualified_identifier
    scope: (_) @owner
    name: [(identifier) (destructor_name) (operator_name)] @name)
  parameters: (parameter_list) @params)) @definition.method
(function_definition declarator: (function_declarator
  declarator: (qualified_identifier
    name: (qualified_identifier
      scope: (_) @owner
      name: [(identifier) (destructor_name) (operator_name)] @name))
  parameters: (parameter_list) @params)) @definition.method
(function_definition declarator: (reference_declarator (function_declarator
  declarator: (qualified_identifier
    scope: (_) @owner
    name: [(identifier) (operator_name)] @name)
  parameters: (parameter_list) @params))) @definition.method
(function_definition declarator: (pointer_declarator declarator: (function_declarator
  declarator: (qualified_identifier
    scope: (_) @owner
    name: (identifier) @name)
  parameters: (parameter_list) @params))) @definition.method
(function_definition declarator: (reference_declarator (function_declarator
  declarator: (identifier) @name
  parameters: (parameter_list) @params))) @definition.function
; Return types of methods (merged into the definitions above).
(field_declaration type: (_) @returns declarator: (function_declarator)) @definition.method
(function_definition type: (_) @returns declarator: (function_declarator
  declarator: [(field_identifier) (qualified_identifier)])) @definition.method
(alias_declaration name: (type_identifier) @name) @definition.class
(optional_parameter_declaration declarator: (_) @param)

(call_expression function: (qualified_identifier name: (identifier) @reference))
