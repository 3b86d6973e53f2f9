//! Whether the agent runs in a sandbox, and which kind.

/// The sandbox the prompt describes (Go's `SandboxStatus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sandbox {
    /// Read the `SANDBOX` variable: `sandbox-exec` is macOS, any other value generic,
    /// unset none.
    Auto,
    /// macOS Seatbelt (`sandbox-exec`).
    Macos,
    /// A container or other sandbox.
    Generic,
    /// No sandbox.
    None,
}

/// The value of `SANDBOX` that means macOS Seatbelt.
pub const SEATBELT_VALUE: &str = "sandbox-exec";

impl Sandbox {
    /// Resolves `Auto` from the value of the `SANDBOX` variable.
    pub fn resolve(self, sandbox_env: Option<&str>) -> Sandbox {
        match self {
            Sandbox::Auto => match sandbox_env {
                Some(SEATBELT_VALUE) => Sandbox::Macos,
                Some(v) if !v.is_empty() => Sandbox::Generic,
                _ => Sandbox::None,
            },
            other => other,
        }
    }

    /// The `SandboxStatus` string templates see.
    pub fn status(self) -> &'static str {
        match self {
            Sandbox::Macos => "macos",
            Sandbox::Generic => "generic",
            Sandbox::None | Sandbox::Auto => "none",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_reads_the_sandbox_variable() {
        assert_eq!(Sandbox::Auto.resolve(Some("sandbox-exec")), Sandbox::Macos);
        assert_eq!(Sandbox::Auto.resolve(Some("docker-1")), Sandbox::Generic);
        assert_eq!(Sandbox::Auto.resolve(Some("")), Sandbox::None);
        assert_eq!(Sandbox::Auto.resolve(None), Sandbox::None);
        assert_eq!(Sandbox::Generic.resolve(None), Sandbox::Generic);
    }
}
