pub mod ast;
pub mod lex;
pub mod lower;
pub mod parse;
