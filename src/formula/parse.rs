//! The formula language as FICS reads it (lasker-2.2.3 `src/formula.c`,
//! Dave Herscovici's code, and `help formula`): tokens, a precedence
//! parser, and the error messages a user sees when `set formula` refuses.
//!
//! Precedence, tightest first (all binary operators left-associative):
//! `!` and unary `-`; `*` `/`; `+` `-`; `<` `<=` `=<` `>` `>=` `=>`;
//! `=` `==` `!=` `<>`; `&` `&&` `and`; `|` `||` `or`. Words are
//! case-insensitive. `#` starts a comment. Quirks kept from FICS: an empty
//! formula and `()` are worth 1, a number may be followed by the word
//! `minutes` (×60; the singular is not accepted), the same unary operator
//! twice in a row (`!!`, `--`) is an error, and `fN` inside the f-variable
//! `fM` must have N < M ("f5 can refer to f2 but f5 cannot refer to f8"),
//! which rules out cycles. FICS has no `not` keyword: use `!`.

use std::fmt;

use super::ast::{BinOp, Expr, Var};

/// The longest formula accepted; longer input lines are cut by the server
/// anyway.
pub const MAX_FORMULA_LEN: usize = 1024;
/// How deep parentheses and unary operators may nest.
const MAX_NESTING: usize = 32;

/// Why a formula was refused, and where (1-based column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormulaError {
    kind: FormulaErrorKind,
    column: usize,
}

/// The kinds of [`FormulaError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormulaErrorKind {
    /// Over [`MAX_FORMULA_LEN`] bytes.
    TooLong,
    /// A character outside the language.
    UnexpectedChar(char),
    /// A number too large to compute with.
    NumberTooLarge,
    /// A word that is not a variable.
    UnknownVariable(String),
    /// An operator or the end where a value should be (the token, or empty
    /// at the end).
    ExpectedValue(String),
    /// A value where an operator should be.
    ExpectedOperator(String),
    /// A `(` never closed.
    MissingCloseParen,
    /// A `)` never opened.
    UnmatchedCloseParen,
    /// `!!` or `--`.
    DoubleUnary(char),
    /// `maxtime` or `mymaxtime` without `(moves)`.
    NeedsArgument(&'static str),
    /// `fN` used in `f{from}` with N ≥ from.
    ForwardReference { from: u8, to: u8 },
    /// Parentheses or unary operators nested too deep.
    TooDeep,
    /// An f-variable number outside 1–9.
    NoSuchSlot(u8),
}

impl FormulaError {
    fn new(kind: FormulaErrorKind, column: usize) -> Self {
        FormulaError { kind, column }
    }

    /// What went wrong.
    pub fn kind(&self) -> &FormulaErrorKind {
        &self.kind
    }

    /// Where, counting from 1.
    pub fn column(&self) -> usize {
        self.column
    }
}

impl fmt::Display for FormulaError {
    /// One line, e.g. `Formula error at column 7: unknown variable "blits".`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FormulaErrorKind::*;
        write!(f, "Formula error at column {}: ", self.column)?;
        match &self.kind {
            TooLong => write!(f, "a formula may be {MAX_FORMULA_LEN} characters at most."),
            UnexpectedChar(c) => write!(f, "unexpected character {c:?}."),
            NumberTooLarge => write!(f, "number too large."),
            UnknownVariable(w) => write!(f, "unknown variable \"{w}\"."),
            ExpectedValue(t) if t.is_empty() => write!(f, "the formula ends too early."),
            ExpectedValue(t) => write!(f, "expected a number or variable, found \"{t}\"."),
            ExpectedOperator(t) => write!(f, "expected an operator, found \"{t}\"."),
            MissingCloseParen => write!(f, "missing \")\"."),
            UnmatchedCloseParen => write!(f, "\")\" without \"(\"."),
            DoubleUnary(c) => write!(f, "\"{c}{c}\" is not allowed."),
            NeedsArgument(name) => write!(f, "{name} needs a number of moves, as in {name}(40)."),
            ForwardReference { from: 1, .. } => {
                write!(f, "f1 cannot refer to other f-variables.")
            }
            ForwardReference { from, to } => {
                write!(f, "f{from} may only refer to f1-f{}, not f{to}.", from - 1)
            }
            TooDeep => write!(f, "nested too deeply."),
            NoSuchSlot(n) => write!(f, "there is no f-variable f{n}."),
        }
    }
}

impl std::error::Error for FormulaError {}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(i64),
    /// Lower-cased.
    Word(String),
    Bin(BinOp),
    Minus,
    Bang,
    LParen,
    RParen,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    start: usize,
    end: usize,
}

/// Two-character operators first, as FICS's `ScanForOp` tries them.
const SYMBOLS: [(&str, BinOp); 17] = [
    ("||", BinOp::Or),
    ("&&", BinOp::And),
    ("==", BinOp::Eq),
    ("!=", BinOp::Ne),
    ("<>", BinOp::Ne),
    (">=", BinOp::Ge),
    ("=>", BinOp::Ge),
    ("<=", BinOp::Le),
    ("=<", BinOp::Le),
    ("|", BinOp::Or),
    ("&", BinOp::And),
    (">", BinOp::Gt),
    ("<", BinOp::Lt),
    ("=", BinOp::Eq),
    ("+", BinOp::Add),
    ("*", BinOp::Mul),
    ("/", BinOp::Div),
];

fn tokenize(src: &str) -> Result<Vec<Token>, FormulaError> {
    let bytes = src.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'#' {
            break;
        }
        let tok = if c.is_ascii_digit() {
            let mut n: i64 = 0;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                n = n
                    .checked_mul(10)
                    .and_then(|n| n.checked_add(i64::from(bytes[i] - b'0')))
                    .ok_or(FormulaError::new(
                        FormulaErrorKind::NumberTooLarge,
                        start + 1,
                    ))?;
                i += 1;
            }
            Tok::Num(n)
        } else if c.is_ascii_alphabetic() {
            while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
                i += 1;
            }
            Tok::Word(src[start..i].to_ascii_lowercase())
        } else if let Some((sym, op)) = SYMBOLS.iter().find(|(s, _)| src[i..].starts_with(s)) {
            i += sym.len();
            Tok::Bin(*op)
        } else {
            i += 1;
            match c {
                b'-' => Tok::Minus,
                b'!' => Tok::Bang,
                b'(' => Tok::LParen,
                b')' => Tok::RParen,
                _ => {
                    let ch = src[start..].chars().next().unwrap_or('?');
                    return Err(FormulaError::new(
                        FormulaErrorKind::UnexpectedChar(ch),
                        start + 1,
                    ));
                }
            }
        };
        tokens.push(Token { tok, start, end: i });
    }
    Ok(tokens)
}

/// Parses the text of the formula (`slot == None`) or of the f-variable
/// `f{slot}`.
pub(super) fn parse(src: &str, slot: Option<u8>) -> Result<Expr, FormulaError> {
    if src.len() > MAX_FORMULA_LEN {
        return Err(FormulaError::new(
            FormulaErrorKind::TooLong,
            MAX_FORMULA_LEN + 1,
        ));
    }
    if let Some(n) = slot.filter(|n| !(1..=9).contains(n)) {
        return Err(FormulaError::new(FormulaErrorKind::NoSuchSlot(n), 1));
    }
    let tokens = tokenize(src)?;
    if tokens.is_empty() {
        return Ok(Expr::Num(1)); // FICS: an empty formula (or a comment) is true
    }
    let mut parser = Parser {
        src,
        tokens,
        pos: 0,
        slot,
        depth: 0,
    };
    let expr = parser.expr(1)?;
    match parser.peek() {
        None => Ok(expr),
        Some(Tok::RParen) => Err(parser.error_here(FormulaErrorKind::UnmatchedCloseParen)),
        Some(_) => Err(parser.error_here(FormulaErrorKind::ExpectedOperator(parser.text()))),
    }
}

struct Parser<'a> {
    src: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    slot: Option<u8>,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos).map(|t| &t.tok)
    }

    /// The source text of the current token, or "" at the end.
    fn text(&self) -> String {
        self.tokens
            .get(self.pos)
            .map_or_else(String::new, |t| self.src[t.start..t.end].to_owned())
    }

    fn error_here(&self, kind: FormulaErrorKind) -> FormulaError {
        // At the end: just after the last token (a comment is not counted).
        let end = self.tokens.last().map_or(0, |t| t.end);
        let column = self.tokens.get(self.pos).map_or(end, |t| t.start) + 1;
        FormulaError::new(kind, column)
    }

    /// The binary operator at the current token, if it is one.
    fn peek_binop(&self) -> Option<BinOp> {
        match self.peek()? {
            Tok::Bin(op) => Some(*op),
            Tok::Minus => Some(BinOp::Sub),
            Tok::Word(w) if w == "and" => Some(BinOp::And),
            Tok::Word(w) if w == "or" => Some(BinOp::Or),
            _ => None,
        }
    }

    /// Operators of precedence `min_level` and tighter, left to right.
    fn expr(&mut self, min_level: u8) -> Result<Expr, FormulaError> {
        let mut left = self.unary()?;
        while let Some(op) = self.peek_binop().filter(|op| op.level() >= min_level) {
            self.pos += 1;
            let right = self.expr(op.level() + 1)?;
            left = Expr::Bin(op, Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn nest(&mut self) -> Result<(), FormulaError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error_here(FormulaErrorKind::TooDeep));
        }
        Ok(())
    }

    fn unary(&mut self) -> Result<Expr, FormulaError> {
        let (sign, ch) = match self.peek() {
            Some(Tok::Bang) => (true, '!'),
            Some(Tok::Minus) => (false, '-'),
            _ => return self.primary(),
        };
        let here = &self.tokens[self.pos];
        if let Some(next) = self.tokens.get(self.pos + 1)
            && next.tok == here.tok
            && next.start == here.end
        {
            return Err(self.error_here(FormulaErrorKind::DoubleUnary(ch)));
        }
        self.nest()?;
        self.pos += 1;
        let operand = Box::new(self.unary()?);
        self.depth -= 1;
        Ok(if sign {
            Expr::Not(operand)
        } else {
            Expr::Neg(operand)
        })
    }

    fn primary(&mut self) -> Result<Expr, FormulaError> {
        let Some(tok) = self.peek().cloned() else {
            return Err(self.error_here(FormulaErrorKind::ExpectedValue(String::new())));
        };
        match tok {
            Tok::Num(n) => {
                self.pos += 1;
                if matches!(self.peek(), Some(Tok::Word(w)) if w == "minutes") {
                    self.pos += 1;
                    return Ok(Expr::Num(n.saturating_mul(60)));
                }
                Ok(Expr::Num(n))
            }
            Tok::LParen => self.parenthesised(),
            Tok::Word(word) => self.word(&word),
            _ => Err(self.error_here(FormulaErrorKind::ExpectedValue(self.text()))),
        }
    }

    /// `( expr )`, the current token being `(`; `()` is worth 1 as on FICS.
    fn parenthesised(&mut self) -> Result<Expr, FormulaError> {
        let open = self.pos;
        self.nest()?;
        self.pos += 1;
        let inner = if self.peek() == Some(&Tok::RParen) {
            Expr::Num(1)
        } else {
            self.expr(1)?
        };
        match self.peek() {
            Some(Tok::RParen) => {
                self.pos += 1;
                self.depth -= 1;
                Ok(inner)
            }
            None => {
                let column = self.tokens[open].start + 1;
                Err(FormulaError::new(
                    FormulaErrorKind::MissingCloseParen,
                    column,
                ))
            }
            Some(_) => Err(self.error_here(FormulaErrorKind::ExpectedOperator(self.text()))),
        }
    }

    fn word(&mut self, word: &str) -> Result<Expr, FormulaError> {
        if let Some(n) = f_variable(word) {
            if let Some(from) = self.slot
                && n >= from
            {
                return Err(self.error_here(FormulaErrorKind::ForwardReference { from, to: n }));
            }
            self.pos += 1;
            return Ok(Expr::F(n));
        }
        let mine = match word {
            "maxtime" => false,
            "mymaxtime" => true,
            "and" | "or" => {
                return Err(self.error_here(FormulaErrorKind::ExpectedValue(self.text())));
            }
            _ => {
                let var = Var::from_name(word).ok_or_else(|| {
                    self.error_here(FormulaErrorKind::UnknownVariable(self.text()))
                })?;
                self.pos += 1;
                return Ok(Expr::Var(var));
            }
        };
        let name = if mine { "mymaxtime" } else { "maxtime" };
        self.pos += 1;
        if self.peek() != Some(&Tok::LParen) {
            return Err(self.error_here(FormulaErrorKind::NeedsArgument(name)));
        }
        let moves = Box::new(self.parenthesised()?);
        Ok(Expr::MaxTime { mine, moves })
    }
}

/// `f1`–`f9` (already lower-cased).
fn f_variable(word: &str) -> Option<u8> {
    match word.as_bytes() {
        [b'f', d @ b'1'..=b'9'] => Some(d - b'0'),
        _ => None,
    }
}
