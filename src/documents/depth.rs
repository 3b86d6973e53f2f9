//! How deep a YAML document nests, found before serde_yaml reads it.
//!
//! libyaml's scanner does work proportional to the open flow collections for every token,
//! and serde_yaml scans the whole document before its own recursion limit applies: a
//! 200 KB `[[[[…` took a minute to be refused. Walking libyaml's event stream ourselves
//! lets us stop at the first collection past the limit, which bounds that work by
//! `size × limit` for every input. Using libyaml itself (the parser serde_yaml runs) means
//! the count is exact: no document serde_yaml accepts is refused here.

use std::mem::MaybeUninit;

/// Where the first collection nested deeper than `max` starts, as 1-based (line, column);
/// `None` when there is none. A syntax error ends the walk with `None`: serde_yaml reports
/// it, and the part before it has been shown to nest at most `max` deep.
pub(super) fn first_too_deep(text: &str, max: usize) -> Option<(usize, usize)> {
    let mut parser = Parser::new(text)?;
    let mut depth = 0usize;
    loop {
        let (kind, mark) = parser.next()?;
        match kind {
            unsafe_libyaml::YAML_SEQUENCE_START_EVENT
            | unsafe_libyaml::YAML_MAPPING_START_EVENT => {
                depth += 1;
                if depth > max {
                    return Some((mark.line as usize + 1, mark.column as usize + 1));
                }
            }
            unsafe_libyaml::YAML_SEQUENCE_END_EVENT | unsafe_libyaml::YAML_MAPPING_END_EVENT => {
                depth = depth.saturating_sub(1);
            }
            unsafe_libyaml::YAML_STREAM_END_EVENT => return None,
            _ => {}
        }
    }
}

/// A libyaml parser over borrowed text. Boxed because libyaml keeps a pointer to the
/// parser inside itself (its read handler's data), so it must not move.
struct Parser<'a> {
    sys: Box<MaybeUninit<unsafe_libyaml::yaml_parser_t>>,
    _text: std::marker::PhantomData<&'a str>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Option<Parser<'a>> {
        let mut sys = Box::new(MaybeUninit::<unsafe_libyaml::yaml_parser_t>::uninit());
        // SAFETY: `initialize` fills the whole struct (it zeroes it first); on failure it
        // frees what it allocated and we never touch the parser again. The input pointer
        // stays valid for 'a, which the parser does not outlive.
        unsafe {
            let p = sys.as_mut_ptr();
            if unsafe_libyaml::yaml_parser_initialize(p).fail {
                return None;
            }
            unsafe_libyaml::yaml_parser_set_encoding(p, unsafe_libyaml::YAML_UTF8_ENCODING);
            unsafe_libyaml::yaml_parser_set_input_string(p, text.as_ptr(), text.len() as u64);
        }
        Some(Parser {
            sys,
            _text: std::marker::PhantomData,
        })
    }

    /// The next event's kind and start, or `None` on a syntax error (after which the
    /// walk stops: libyaml must not be asked again).
    fn next(
        &mut self,
    ) -> Option<(
        unsafe_libyaml::yaml_event_type_t,
        unsafe_libyaml::yaml_mark_t,
    )> {
        let mut event = MaybeUninit::<unsafe_libyaml::yaml_event_t>::uninit();
        // SAFETY: the parser was initialized in `new`; a successful `parse` initializes the
        // event, which is read and then freed exactly once.
        unsafe {
            let p = self.sys.as_mut_ptr();
            if unsafe_libyaml::yaml_parser_parse(p, event.as_mut_ptr()).fail {
                return None;
            }
            let event = event.as_mut_ptr();
            let found = ((*event).type_, (*event).start_mark);
            unsafe_libyaml::yaml_event_delete(event);
            Some(found)
        }
    }
}

impl Drop for Parser<'_> {
    fn drop(&mut self) {
        // SAFETY: only built by `new` after a successful initialize; deleted once.
        unsafe { unsafe_libyaml::yaml_parser_delete(self.sys.as_mut_ptr()) }
    }
}
