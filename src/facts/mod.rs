//! What is true about the machine and the repository, gathered once per run.

pub mod context_files;
pub mod git;
pub mod sandbox;
