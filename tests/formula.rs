//! The FICS formula language: grammar, precedence, variables, f-variables.

use atomicd::formula::{
    Formula, FormulaErrorKind, MAX_FORMULA_LEN, OfferFacts, Speed, UserFormulas, accepts, value,
};

fn facts() -> OfferFacts {
    OfferFacts {
        time: 2,
        inc: 12,
        rated: true,
        private: false,
        rating: 1650,
        myrating: 1500,
        rd: 95,
        provisional: true,
        registered: true,
        computer: false,
        abuser: false,
        timeseal: true,
        assess_win: 11,
        assess_draw: 2,
        assess_loss: -7,
        atomic960: false,
    }
}

/// The value of a main formula with no f-variables set.
fn eval_with(src: &str, facts: &OfferFacts) -> i64 {
    let f = Formula::parse(src).unwrap_or_else(|e| panic!("{src:?}: {e}"));
    value(&f, &UserFormulas::default(), facts).expect("no loop")
}

fn eval(src: &str) -> i64 {
    eval_with(src, &facts())
}

fn error(src: &str) -> String {
    Formula::parse(src).expect_err(src).to_string()
}

#[test]
fn arithmetic_and_precedence() {
    assert_eq!(eval("1 + 2 * 3"), 7);
    assert_eq!(eval("(1 + 2) * 3"), 9);
    assert_eq!(eval("10 - 4 - 3"), 3); // left to right
    assert_eq!(eval("100 / 10 / 5"), 2);
    assert_eq!(eval("-2 * 3"), -6);
    assert_eq!(eval("!0 + 1"), 2); // unary binds tightest
    assert_eq!(eval("- -3"), 3);
    assert_eq!(eval("!-3"), 0);
    assert_eq!(eval("1 < 0 + 2"), 1); // + above <
    assert_eq!(eval("5 = 5 >= 1"), 0); // < <= > >= above =: 5 = (5 >= 1)
    assert_eq!(eval("2 != 2 = 2"), 0); // = and != share a level: (2 != 2) = 2
    assert_eq!(eval("1 & 2 > 1"), 1); // comparisons above &
    assert_eq!(eval("1 | 0 & 0"), 1); // & above |
    assert_eq!(eval("0 & 1 | 1"), 1);
    assert_eq!(eval("1 and 0 or 1"), 1);
}

#[test]
fn every_operator_spelling() {
    for (src, want) in [
        ("3 = 3", 1),
        ("3 == 4", 0),
        ("3 != 4", 1),
        ("3 <> 3", 0),
        ("3 < 4", 1),
        ("4 <= 4", 1),
        ("4 =< 3", 0),
        ("5 > 4", 1),
        ("4 >= 5", 0),
        ("5 => 5", 1),
        ("1 & 2", 1),
        ("1 && 0", 0),
        ("1 and 1", 1),
        ("0 | 0", 0),
        ("0 || 3", 1),
        ("0 or 0", 0),
        ("!5", 0),
        ("7 - 9", -2),
        ("7 * 9", 63),
    ] {
        assert_eq!(eval(src), want, "{src}");
    }
}

#[test]
fn integer_division_and_the_fudge_factor() {
    assert_eq!(eval("7 / 2"), 3);
    assert_eq!(eval("-7 / 2"), -3); // C truncation
    assert_eq!(eval("5 / 0"), 5000); // FICS divides by 0.001 instead of 0
    assert_eq!(eval("0 / 0"), 0);
}

#[test]
fn minutes_after_a_number() {
    assert_eq!(eval("2 minutes"), 120);
    assert_eq!(eval("2minutes"), 120);
    assert_eq!(eval("2 MINUTES + 1"), 121);
    assert_eq!(eval("2*8minutes"), 960);
    // FICS: "the singular is not recognized".
    assert_eq!(
        error("1 minute"),
        "Formula error at column 3: expected an operator, found \"minute\"."
    );
    assert_eq!(
        error("(2) minutes"),
        "Formula error at column 5: expected an operator, found \"minutes\"."
    );
}

#[test]
fn comments_empty_and_empty_parentheses() {
    assert_eq!(eval(""), 1);
    assert_eq!(eval("   "), 1);
    assert_eq!(eval("# only a note"), 1);
    assert_eq!(eval("0 # blitz"), 0);
    assert_eq!(eval("()"), 1);
    assert_eq!(eval("2 * ( )"), 2);
    let f = Formula::parse("blitz # fast ones").unwrap();
    assert_eq!(f.source(), "blitz # fast ones");
}

#[test]
fn every_variable() {
    let f = facts(); // 2 12 rated blitz, opponent 1650 RD 95 provisional
    for (name, want) in [
        ("abuser", 0),
        ("active", 0),
        ("assessdraw", 2),
        ("assessloss", -7),
        ("assesswin", 11),
        ("atomic", 1),
        ("blitz", 1),
        ("bughouse", 0),
        ("computer", 0),
        ("crazyhouse", 0),
        ("estimated", 0),
        ("inc", 12),
        ("lightning", 0),
        ("losers", 0),
        ("maxtime(40)", 2 * (2 * 60 + 40 * 12)),
        ("mymaxtime(40)", 2 * 60 + 40 * 12),
        ("myrating", 1500),
        ("nonstandard", 0),
        ("private", 0),
        ("provisional", 1),
        ("rated", 1),
        ("rating", 1650),
        ("ratingdiff", 150),
        ("rd", 95),
        ("registered", 1),
        ("standard", 0),
        ("suicide", 0),
        ("time", 2),
        ("timeseal", 1),
        ("untimed", 0),
        ("wild", 0),
    ] {
        assert_eq!(eval_with(name, &f), want, "{name}");
        assert_eq!(
            eval_with(&name.to_uppercase(), &f),
            want,
            "{name} in capitals"
        );
    }
    let other = OfferFacts {
        abuser: true,
        computer: true,
        private: true,
        provisional: false,
        registered: false,
        timeseal: false,
        rated: false,
        ..f
    };
    for (name, want) in [
        ("abuser", 1),
        ("computer", 1),
        ("private", 1),
        ("provisional", 0),
        ("active", 1),
        ("registered", 0),
        ("timeseal", 0),
        ("rated", 0),
    ] {
        assert_eq!(eval_with(name, &other), want, "{name}");
    }
}

#[test]
fn speed_flags_follow_the_time_control() {
    for (time, inc, speed, flag) in [
        (0, 0, Speed::Untimed, "untimed"),
        (0, 1, Speed::Lightning, "lightning"),
        (1, 0, Speed::Lightning, "lightning"),
        (2, 12, Speed::Blitz, "blitz"),
        (3, 0, Speed::Blitz, "blitz"),
        (14, 0, Speed::Blitz, "blitz"),
        (15, 0, Speed::Standard, "standard"),
        (2, 20, Speed::Standard, "standard"),
    ] {
        assert_eq!(Speed::of(time, inc), speed, "{time} {inc}");
        let f = OfferFacts {
            time,
            inc,
            ..facts()
        };
        let set: Vec<&str> = ["untimed", "lightning", "blitz", "standard"]
            .into_iter()
            .filter(|name| eval_with(name, &f) == 1)
            .collect();
        assert_eq!(set, [flag], "{time} {inc}");
    }
}

#[test]
fn maxtime_as_fics_counts_it() {
    // 0 minutes with an increment: 10 s more per player.
    let f = OfferFacts {
        time: 0,
        inc: 5,
        ..facts()
    };
    assert_eq!(eval_with("mymaxtime(10)", &f), 10 * 5 + 10);
    assert_eq!(eval_with("maxtime(10)", &f), 2 * (10 * 5 + 10));
    let untimed = OfferFacts {
        time: 0,
        inc: 0,
        ..facts()
    };
    assert_eq!(eval_with("maxtime(40)", &untimed), 0);
    // The argument is an expression; () is 1.
    assert_eq!(eval("maxtime(20 * 2)"), eval("maxtime(40)"));
    assert_eq!(eval("maxtime()"), eval("maxtime(1)"));
    // `help formula`: no more than 10 minutes for 30 moves.
    assert_eq!(eval("maxtime(30) <= 10 minutes"), 0); // 2·(120 + 360) = 960 s
    let five_zero = OfferFacts {
        time: 5,
        inc: 0,
        ..facts()
    };
    assert_eq!(eval_with("maxtime(30) <= 10 minutes", &five_zero), 1);
}

/// The f-variables of `help formula`.
fn help_example() -> UserFormulas {
    let mut user = UserFormulas::default();
    let sets = [
        (1, "rated & time=5 & inc=0   # rated 5 minute games"),
        (2, "ratingdiff"),
        (
            3,
            "maxtime(40) >= 2*8minutes   # at least 8 mins each for 40 moves",
        ),
        (4, "f2>400   # I want a REAL fight"),
        (5, "!abuser"),
        (6, "standard | (ratingdiff<200 & blitz)"),
    ];
    for (n, src) in sets {
        user.f[n - 1] = Some(Formula::parse_f(n as u8, src).unwrap());
    }
    user
}

#[test]
fn help_formula_examples() {
    let mut user = help_example();
    let five = OfferFacts {
        time: 5,
        inc: 0,
        rating: 1950,
        ..facts()
    };
    let blitz = facts(); // 2 12, ratingdiff 150
    let check = |user: &mut UserFormulas, formula: &str, facts: &OfferFacts| {
        user.formula = Some(Formula::parse(formula).unwrap());
        accepts(user, facts)
    };
    assert!(check(&mut user, "f1 & f5", &five));
    assert!(!check(&mut user, "f1 & f5", &blitz));
    assert!(check(&mut user, "f2 > -100", &blitz));
    assert!(!check(&mut user, "f1 & !f4", &five)); // ratingdiff 450: a real fight
    assert!(check(&mut user, "f2 >= 0 | blitz", &blitz));
    assert!(check(&mut user, "f6", &blitz));
    // maxtime(40): 5 0 gives 2·300 = 600 s, under 2·8 minutes; 2 12 gives 1200.
    assert!(!check(&mut user, "f3", &five));
    assert!(check(&mut user, "f3", &blitz));
}

#[test]
fn f_variables_refer_only_downwards() {
    assert!(Formula::parse_f(5, "f2 & f4").is_ok());
    assert!(Formula::parse("f9 | f1").is_ok());
    let e = Formula::parse_f(5, "f2 & f8").unwrap_err();
    assert_eq!(
        e.kind(),
        &FormulaErrorKind::ForwardReference { from: 5, to: 8 }
    );
    assert_eq!(
        e.to_string(),
        "Formula error at column 6: f5 may only refer to f1-f4, not f8."
    );
    assert_eq!(
        Formula::parse_f(3, "F3").unwrap_err().to_string(),
        "Formula error at column 1: f3 may only refer to f1-f2, not f3."
    );
    assert_eq!(
        Formula::parse_f(1, "f1").unwrap_err().to_string(),
        "Formula error at column 1: f1 cannot refer to other f-variables."
    );
    assert_eq!(
        Formula::parse_f(0, "1").unwrap_err().kind(),
        &FormulaErrorKind::NoSuchSlot(0)
    );
    assert_eq!(
        Formula::parse_f(10, "1").unwrap_err().kind(),
        &FormulaErrorKind::NoSuchSlot(10)
    );
    assert_eq!(
        error("f0"),
        "Formula error at column 1: unknown variable \"f0\"."
    );
    assert_eq!(
        error("f10"),
        "Formula error at column 1: unknown variable \"f10\"."
    );
}

#[test]
fn unset_f_variables_are_worth_one() {
    let mut user = UserFormulas {
        formula: Some(Formula::parse("f7 = 1").unwrap()),
        ..UserFormulas::default()
    };
    assert!(accepts(&user, &facts()));
    user.f[6] = Some(Formula::parse_f(7, "0").unwrap());
    assert!(!accepts(&user, &facts()));
}

#[test]
fn a_chain_through_all_nine_works() {
    let mut user = UserFormulas::default();
    user.f[0] = Some(Formula::parse_f(1, "rating").unwrap());
    for n in 2..=9u8 {
        user.f[usize::from(n) - 1] = Some(Formula::parse_f(n, &format!("f{} + 1", n - 1)).unwrap());
    }
    let f9 = Formula::parse("f9").unwrap();
    assert_eq!(value(&f9, &user, &facts()), Some(1650 + 8));
}

#[test]
fn loops_built_by_hand_refuse_instead_of_recursing() {
    // parse() allows any fN; putting such formulas in f-slots makes loops.
    let mut user = UserFormulas::default();
    user.f[0] = Some(Formula::parse("f2").unwrap());
    user.f[1] = Some(Formula::parse("f1").unwrap());
    user.formula = Some(Formula::parse("f1").unwrap());
    assert!(!accepts(&user, &facts()));
    assert_eq!(value(&Formula::parse("f2").unwrap(), &user, &facts()), None);
    // `|` and `&` stop early, as on FICS, so the loop is never reached.
    user.formula = Some(Formula::parse("1 | f1").unwrap());
    assert!(accepts(&user, &facts()));
    user.formula = Some(Formula::parse("0 & f1").unwrap());
    assert!(!accepts(&user, &facts()));
    // A self-reference, and the same f-variable twice side by side (not a loop).
    user.f[2] = Some(Formula::parse("f3").unwrap());
    user.formula = Some(Formula::parse("f3").unwrap());
    assert!(!accepts(&user, &facts()));
    user.f[3] = Some(Formula::parse_f(4, "2").unwrap());
    user.formula = Some(Formula::parse("f4 + f4 = 4").unwrap());
    assert!(accepts(&user, &facts()));
}

#[test]
fn no_formula_accepts_everything_and_nonzero_is_true() {
    let mut user = UserFormulas::default();
    assert!(accepts(&user, &facts()));
    user.formula = Some(Formula::parse("ratingdiff").unwrap());
    assert!(accepts(&user, &facts()));
    user.formula = Some(Formula::parse("-ratingdiff").unwrap());
    assert!(accepts(&user, &facts()));
    user.formula = Some(Formula::parse("ratingdiff - 150").unwrap());
    assert!(!accepts(&user, &facts()));
    user.formula = Some(Formula::parse("blitz & rating > 1400 & !computer").unwrap());
    assert!(accepts(&user, &facts()));
    assert!(!accepts(
        &user,
        &OfferFacts {
            computer: true,
            ..facts()
        }
    ));
}

#[test]
fn error_messages() {
    for (src, message) in [
        ("blits", "column 1: unknown variable \"blits\"."),
        ("not blitz", "column 1: unknown variable \"not\"."),
        ("blitz &", "column 8: the formula ends too early."),
        ("blitz & # nothing", "column 8: the formula ends too early."),
        (
            "blitz standard",
            "column 7: expected an operator, found \"standard\".",
        ),
        ("(blitz", "column 1: missing \")\"."),
        (
            "(blitz lightning)",
            "column 8: expected an operator, found \"lightning\".",
        ),
        ("blitz)", "column 6: \")\" without \"(\"."),
        ("!!blitz", "column 1: \"!!\" is not allowed."),
        ("3 + --3", "column 5: \"--\" is not allowed."),
        ("rating > 1500 $", "column 15: unexpected character '$'."),
        ("rating > é", "column 10: unexpected character 'é'."),
        (
            "and blitz",
            "column 1: expected a number or variable, found \"and\".",
        ),
        (
            "+3",
            "column 1: expected a number or variable, found \"+\".",
        ),
        (
            "rated & )",
            "column 9: expected a number or variable, found \")\".",
        ),
        ("99999999999999999999", "column 1: number too large."),
        (
            "maxtime > 3",
            "column 9: maxtime needs a number of moves, as in maxtime(40).",
        ),
        (
            "mymaxtime",
            "column 10: mymaxtime needs a number of moves, as in mymaxtime(40).",
        ),
    ] {
        assert_eq!(error(src), format!("Formula error at {message}"), "{src}");
    }
    // Spaces make these fine.
    assert_eq!(eval("! !blitz"), 1);
    assert_eq!(eval("3 + - -3"), 6);
}

#[test]
fn size_limits() {
    let deep = format!("{}1{}", "(".repeat(40), ")".repeat(40));
    assert_eq!(
        Formula::parse(&deep).unwrap_err().kind(),
        &FormulaErrorKind::TooDeep
    );
    let ok = format!("{}1{}", "(".repeat(20), ")".repeat(20));
    assert_eq!(eval(&ok), 1);
    let negations = "- ".repeat(40) + "1";
    assert_eq!(
        Formula::parse(&negations).unwrap_err().kind(),
        &FormulaErrorKind::TooDeep
    );
    let long = "1".repeat(MAX_FORMULA_LEN + 1);
    assert_eq!(
        Formula::parse(&long).unwrap_err().kind(),
        &FormulaErrorKind::TooLong
    );
    // The longest chain that fits is fine.
    let sum = vec!["1"; 500].join("+");
    assert!(sum.len() <= MAX_FORMULA_LEN);
    assert_eq!(eval(&sum), 500);
}

#[test]
fn arithmetic_never_panics() {
    assert_eq!(eval("9223372036854775807 + 1"), i64::MIN);
    assert_eq!(eval("0 - 9223372036854775807 - 1"), i64::MIN);
    assert_eq!(eval("(0 - 9223372036854775807 - 1) / -1"), i64::MIN);
    let _ = eval("9223372036854775807 * 9223372036854775807 / 0");
}

#[test]
fn random_input_never_panics() {
    // xorshift64*: deterministic noise over the characters formulas use.
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let pieces = [
        "(", ")", "!", "-", "+", "*", "/", "=", "<", ">", "&", "|", "#", " ", "0", "7", "99",
        "minutes", "f1", "f9", "f0", "blitz", "rating", "maxtime", "and", "or", "é", "\t",
    ];
    let user = UserFormulas {
        f: std::array::from_fn(|i| Formula::parse_f(i as u8 + 1, "rating / 0 - 1").ok()),
        ..UserFormulas::default()
    };
    let mut parsed = 0;
    for _ in 0..20_000 {
        let len = (next() % 12) as usize;
        let src: String = (0..len)
            .map(|_| pieces[(next() % pieces.len() as u64) as usize])
            .collect();
        if let Ok(f) = Formula::parse(&src) {
            parsed += 1;
            let _ = value(&f, &user, &facts());
        }
    }
    assert!(
        parsed > 100,
        "the generator should also make valid formulas ({parsed})"
    );
}

#[test]
fn atomic960_is_one_only_for_an_atomic960_game() {
    let atomic = facts();
    let a960 = OfferFacts {
        atomic960: true,
        ..facts()
    };
    assert_eq!(eval_with("atomic960", &atomic), 0);
    assert_eq!(eval_with("atomic960", &a960), 1);
    // Its rules are atomic's: `atomic` stays 1.
    assert_eq!(eval_with("atomic & !atomic960", &a960), 0);
    assert_eq!(eval_with("ATOMIC960", &a960), 1);
}
