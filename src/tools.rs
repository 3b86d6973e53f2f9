//! Tool definitions a request carries (`--tools FILE|-|mcp:SERVER`): read in any of the
//! shapes agents keep them in (Anthropic's, OpenAI's Chat and Responses, MCP's
//! `tools/list`) and made one [`Tool`] each, which every provider's encoder writes in
//! its own shape. The order given is kept: it is part of the cached prefix.

use serde_json::{Map, Value};

use crate::error::Error;

/// What `--tools` takes to mean a configured MCP server's `tools/list`.
pub const MCP_PREFIX: &str = "mcp:";

/// The longest tool name every provider takes (OpenAI's and Gemini's limit).
const MAX_NAME: usize = 64;

/// The shapes an entry may take, for messages.
const SHAPES: &str = "{name, description, input_schema} (Anthropic), {name, description, \
                      inputSchema} (MCP), or {type: \"function\", function: {name, description, \
                      parameters}} (OpenAI; Responses' flat {type: \"function\", name, ...} too)";

/// One tool: its name, what it does, and the JSON Schema of its input (an object).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tool {
    pub name: String,
    /// Empty when the definition gives none.
    pub description: String,
    pub schema: Value,
}

/// One parameter of a tool, as the prompt documents it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    pub name: String,
    /// The schema's `type` (several joined by `|`), or empty.
    pub kind: String,
    pub required: bool,
    pub description: String,
}

impl Tool {
    /// The top-level properties of the input schema, in the schema's key order.
    pub fn params(&self) -> Vec<Param> {
        let required: Vec<&str> = self.schema["required"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let Some(props) = self.schema["properties"].as_object() else {
            return Vec::new();
        };
        props
            .iter()
            .map(|(name, prop)| Param {
                name: name.clone(),
                kind: match &prop["type"] {
                    Value::String(s) => s.clone(),
                    Value::Array(kinds) => {
                        let kinds: Vec<&str> = kinds.iter().filter_map(Value::as_str).collect();
                        kinds.join("|")
                    }
                    _ => String::new(),
                },
                required: required.contains(&name.as_str()),
                description: prop["description"].as_str().unwrap_or("").to_string(),
            })
            .collect()
    }
}

/// The server `--tools mcp:SERVER` names, or `None` for a file (or `-`).
pub fn mcp_server(arg: &str) -> Option<&str> {
    arg.strip_prefix(MCP_PREFIX)
}

/// Reads a tool list from `bytes` (JSON), `shown` naming where they came from.
pub fn parse_json(bytes: &[u8], shown: &str) -> Result<Vec<Tool>, Error> {
    let value: Value = serde_json::from_slice(bytes).map_err(|e| {
        Error::usage(format!(
            "--tools '{shown}': not JSON ({e}); give a JSON list of tool definitions"
        ))
    })?;
    parse(&value, shown)
}

/// The tools `value` lists: a JSON array of definitions, or an object holding one as
/// `tools` (what MCP's `tools/list` returns). Each name once.
pub fn parse(value: &Value, shown: &str) -> Result<Vec<Tool>, Error> {
    let list = match value {
        Value::Array(list) => list,
        Value::Object(o) if o.get("tools").is_some_and(Value::is_array) => {
            o["tools"].as_array().map_or(&[][..], Vec::as_slice)
        }
        _ => {
            return Err(Error::usage(format!(
                "--tools '{shown}': expected a JSON list of tool definitions (or {{\"tools\": \
                 [...]}}, as MCP's tools/list returns), each {SHAPES}"
            )))
        }
    };
    let mut tools: Vec<Tool> = Vec::with_capacity(list.len());
    for (i, entry) in list.iter().enumerate() {
        let at = |why: String| Error::usage(format!("--tools '{shown}': entry {i}: {why}"));
        let tool = entry_tool(entry).map_err(at)?;
        if tools.iter().any(|t| t.name == tool.name) {
            return Err(at(format!(
                "the name '{}' is given twice; each tool needs its own name",
                tool.name
            )));
        }
        tools.push(tool);
    }
    Ok(tools)
}

/// One entry, in whichever shape it comes.
fn entry_tool(entry: &Value) -> Result<Tool, String> {
    let Some(fields) = entry.as_object() else {
        return Err(format!("not an object; each entry is {SHAPES}"));
    };
    let (fields, schema_keys): (&Map<String, Value>, &[&str]) = match fields.get("type") {
        None => (fields, &["input_schema", "inputSchema"]),
        Some(Value::String(kind)) if kind == "function" => match fields.get("function") {
            Some(Value::Object(inner)) => (inner, &["parameters"]),
            Some(_) => return Err("'function' is not an object".to_string()),
            None => (fields, &["parameters"]),
        },
        Some(other) => {
            return Err(format!(
                "type {other} is not a function tool; only function tools (a name, a \
                 description and a JSON Schema) can be given"
            ))
        }
    };
    let name = match fields.get("name") {
        Some(Value::String(name)) => name.clone(),
        Some(_) => return Err("'name' is not a string".to_string()),
        None => return Err(format!("no 'name'; each entry is {SHAPES}")),
    };
    check_name(&name)?;
    let description = match fields.get("description") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(d)) => d.clone(),
        Some(_) => return Err(format!("tool '{name}': 'description' is not a string")),
    };
    let schema = match schema_keys
        .iter()
        .find_map(|k| fields.get(*k).map(|v| (k, v)))
    {
        Some((_, Value::Object(schema))) => Value::Object(schema.clone()),
        Some((key, _)) => return Err(format!("tool '{name}': '{key}' is not a JSON object")),
        // OpenAI's parameters may be left out: the tool takes no arguments.
        None if schema_keys == ["parameters"] => serde_json::json!({"type": "object"}),
        None => {
            return Err(format!(
                "tool '{name}': no input schema; give 'input_schema' (Anthropic), \
                 'inputSchema' (MCP) or 'parameters' (OpenAI)"
            ))
        }
    };
    Ok(Tool {
        name,
        description,
        schema,
    })
}

/// Names every provider takes: letters, digits, `_` and `-`, at most [`MAX_NAME`].
fn check_name(name: &str) -> Result<(), String> {
    let ok = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if !name.is_empty() && name.len() <= MAX_NAME && name.chars().all(ok) {
        return Ok(());
    }
    Err(format!(
        "the name '{name}' is not one every provider takes: 1 to {MAX_NAME} letters, \
         digits, '_' or '-'"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_shape_makes_the_same_tool() {
        let schema = json!({"type": "object", "properties": {"path": {"type": "string"}}});
        let want = Tool {
            name: "read".into(),
            description: "Reads".into(),
            schema: schema.clone(),
        };
        for entry in [
            json!({"name": "read", "description": "Reads", "input_schema": schema}),
            json!({"name": "read", "description": "Reads", "inputSchema": schema}),
            json!({"type": "function", "function": {"name": "read", "description": "Reads", "parameters": schema}}),
            json!({"type": "function", "name": "read", "description": "Reads", "parameters": schema, "strict": false}),
        ] {
            assert_eq!(parse(&json!([entry]), "t").unwrap(), vec![want.clone()]);
        }
        let wrapped =
            json!({"tools": [{"name": "read", "description": "Reads", "inputSchema": schema}]});
        assert_eq!(parse(&wrapped, "t").unwrap(), vec![want]);
    }

    #[test]
    fn params_follow_the_schema() {
        let tool = Tool {
            name: "t".into(),
            description: String::new(),
            schema: json!({"properties": {"a": {"type": ["string", "null"], "description": "A"}, "b": {}}, "required": ["a"]}),
        };
        let params = tool.params();
        assert_eq!(
            (params[0].kind.as_str(), params[0].required),
            ("string|null", true)
        );
        assert_eq!((params[1].kind.as_str(), params[1].required), ("", false));
    }
}
