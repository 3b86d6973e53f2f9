//! A text corpus built from a fixed seed, the same on every machine: Rust-like source,
//! Markdown prose, other scripts, emoji, numbers and runs of whitespace, the shapes that
//! BPE pre-splitting treats differently. The token-count tests and `benches/tokens.rs`
//! compare tokenizers on it.

const WORDS: &[&str] = &[
    "the",
    "request",
    "cache",
    "marker",
    "token",
    "prefix",
    "file",
    "history",
    "model",
    "provider",
    "prompt",
    "tier",
    "session",
    "goal",
    "template",
    "don't",
    "it's",
    "we'll",
    "they're",
    "I'M",
    "Hello",
    "World",
    "README",
    "JSON",
    "HTTPServer",
    "über",
    "naïve",
    "café",
    "日本語",
    "テキスト",
    "中文",
    "한국어",
    "русский",
    "עברית",
    "العربية",
    "हिन्दी",
    "🎉",
    "👩\u{200d}💻",
    "ÅÄÖ",
    "x86_64",
    "0x1F",
    "3.14159",
    "1,234,567",
    "2026-11-24",
    "fn",
    "let",
    "mut",
    "impl",
    "pub",
    "struct",
    "Vec<String>",
    "&str",
];
const PUNCT: &[&str] = &[
    "::", "->", "=>", "{", "}", "(", ")", "[", "]", ";", ",", ".", "!", "?", "&&", "||", "//",
    "/*", "*/", "#", "##", "`", "```", "\"", "'", "<", ">", "=", "+=", "...", "—", "…", "\\n", "%",
    "$", "@",
];
const SPACES: &[&str] = &[
    " ", " ", " ", " ", "  ", "    ", "\t", "\n", "\n\n", "\r\n", "\n    ", "   \n", " \n\n  ",
];

/// xorshift64*: small, and fixed by its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, list: &[&'a str]) -> &'a str {
        list[self.below(list.len())]
    }
}

/// The corpus `benches/tokens.rs` times the tokenizers on: about 4 MB in 2 KB texts, as a
/// request counts them one by one. `tests/integration/token_counts.rs` checks that every tokenizer
/// the bench compares counts each of them alike.
pub fn bench_texts() -> Vec<String> {
    const TARGET_BYTES: usize = 4 << 20;
    const TEXT_BYTES: usize = 2_048;
    texts(1, TARGET_BYTES / TEXT_BYTES, TEXT_BYTES)
}

/// `count` texts of about `size` bytes each; the same seed gives the same texts.
pub fn texts(seed: u64, count: usize, size: usize) -> Vec<String> {
    let mut rng = Rng(seed.max(1));
    (0..count)
        .map(|_| {
            let mut text = String::new();
            while text.len() < size {
                match rng.below(10) {
                    0..=4 => text.push_str(rng.pick(WORDS)),
                    5 => {
                        // An identifier: snake_case or CamelCase.
                        let (a, b) = (rng.pick(WORDS), rng.pick(WORDS));
                        if rng.below(2) == 0 {
                            text.push_str(&format!("{a}_{b}"));
                        } else {
                            text.push_str(&format!("{}{}", a.to_uppercase(), b));
                        }
                    }
                    6 => {
                        let digits = 1 + rng.below(9);
                        text.extend(rng.next().to_string().chars().take(digits));
                    }
                    7 => text.push_str(rng.pick(PUNCT)),
                    _ => text.push_str(rng.pick(SPACES)),
                }
                if rng.below(3) == 0 {
                    text.push(' ');
                }
            }
            text
        })
        .collect()
}
