//! The release profile in Cargo.toml gives the binary users install: stripped, since
//! symbols are a tenth of its size and the size has a bound (docs/contributing/performance.md).

/// The lines of each `[table]` of `toml`, by header.
fn tables(toml: &str) -> Vec<(&str, Vec<&str>)> {
    let mut out: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in toml.lines().map(str::trim) {
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            out.push((header, Vec::new()));
        } else if let Some((_, lines)) = out.last_mut() {
            lines.push(line);
        }
    }
    out
}

/// Cargo sets `strip` back to its default (debug info only) for a package whose release
/// profile is overridden, whatever `[profile.release]` says; the binary then kept 2.4 MB
/// of symbols (26.1 MB against 23.7). An override of this package must strip again.
#[test]
fn the_binary_is_stripped_even_with_its_package_profile_overridden() {
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let toml = std::fs::read_to_string(manifest).unwrap();
    let tables = tables(&toml);
    let strips = |header: &str| {
        tables
            .iter()
            .filter(|(h, _)| *h == header)
            .any(|(_, lines)| lines.iter().any(|l| l.replace(' ', "") == "strip=true"))
    };
    assert!(
        strips("profile.release"),
        "[profile.release] strips the binary"
    );
    let package = format!("profile.release.package.{}", env!("CARGO_PKG_NAME"));
    if tables.iter().any(|(h, _)| *h == package) {
        assert!(strips(&package), "[{package}] sets strip = true again");
    }
}
