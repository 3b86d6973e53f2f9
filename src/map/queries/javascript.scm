(class_heritage [(identifier) (member_expression)] @base)
(formal_parameters (identifier) @param)
(formal_parameters (assignment_pattern left: (identifier) @param))
(formal_parameters (rest_pattern (identifier) @param))
(field_definition property: (property_identifier) @name) @definition.property
