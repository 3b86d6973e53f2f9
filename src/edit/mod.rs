//! Edit blocks in a model's reply, applied to the project's files.
//!
//! A block is a line with the file's path alone, then [`EDIT`], the exact old lines,
//! [`REPL`], the new lines, and [`END`]. An empty old section creates a file; an empty
//! new section deletes the old lines. Several blocks may follow each other, with prose
//! between them.
//!
//! The work is split in rooms that depend one way, each a pure function from text to a
//! result: [`parse`] (a streaming line state machine: the reply's blocks), [`find`]
//! (where a block's old text is in a file, exactly or under tolerances that cannot move
//! an edit) and [`apply`] (a file's blocks, in order, all or none); [`recovery`] says what
//! did not apply in the next request. Reading and writing files is the command's
//! (`cmd/apply.rs`), through `beneath`.

pub mod apply;
pub mod find;
pub mod parse;
pub mod recovery;
mod text;

/// The line that opens a block's old text. Prompt templates that teach the format use
/// these constants, so the format the model is taught is the one parsed.
pub const EDIT: &str = "««« EDIT";
/// The line between the old text and the new.
pub const REPL: &str = "═══════ REPL";
/// The line that closes a block.
pub const END: &str = "»»» EDIT END";

pub use apply::{apply_file, BlockResult, FileResult, Status};
pub use find::Tolerance;
pub use parse::{parse, Block, End};
