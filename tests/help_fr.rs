//! The help in French: every page of `data/help/en` has its French page in
//! `data/help/fr`, a user who types `set lang fr` reads them over the wire
//! byte for byte (accents are sent as UTF-8, as for every French text of
//! the server), and the lines `help` writes itself (no such topic, an
//! ambiguous one) are French too, while English users keep theirs.

mod support;

use std::collections::BTreeMap;

use support::{TestServer, repo_data};

/// The letters French needs beyond ASCII, and its quotation marks.
const FRENCH: &str = "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ«»";

/// The default `width`: a longer line is wrapped with `\   ` at the
/// user's screen (in characters: an accent is one column, though two
/// bytes).
const WIDTH: usize = 79;

/// The pages of one language, by topic.
fn pages(lang: &str) -> BTreeMap<String, String> {
    let dir = repo_data().join("help").join(lang);
    let mut pages = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("the help folder") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let topic = path.file_stem().unwrap().to_str().unwrap().to_string();
            pages.insert(topic, std::fs::read_to_string(&path).unwrap());
        }
    }
    pages
}

fn page(lang: &str, topic: &str) -> String {
    std::fs::read_to_string(repo_data().join(format!("help/{lang}/{topic}.txt"))).unwrap()
}

/// The lines before the first blank one.
fn head(page: &str) -> Vec<&str> {
    page.lines().take_while(|l| !l.is_empty()).collect()
}

/// The first word of the first line.
fn first_word<'a>(head: &[&'a str]) -> Option<&'a str> {
    head.first().and_then(|l| l.split_whitespace().next())
}

#[test]
fn every_english_page_has_a_french_page_that_is_translated() {
    let en = pages("en");
    let fr = pages("fr");
    assert!(en.len() >= 100, "{} English pages", en.len());
    let missing: Vec<&String> = en.keys().filter(|t| !fr.contains_key(*t)).collect();
    assert!(missing.is_empty(), "no French page for {missing:?}");
    let extra: Vec<&String> = fr.keys().filter(|t| !en.contains_key(*t)).collect();
    assert!(
        extra.is_empty(),
        "French pages without an English one: {extra:?}"
    );
    for (topic, english) in &en {
        let french = &fr[topic];
        assert_ne!(
            french, english,
            "{topic}: the French page is the English one"
        );
        // A page that opens with its syntax keeps it as typed: command
        // names and arguments are not translated.
        let (en_head, fr_head) = (head(english), head(french));
        let command = first_word(&en_head).unwrap_or("");
        let is_syntax = en.contains_key(command)
            && (first_word(&fr_head) == Some(command) || en_head[0].contains(['[', '|']));
        if is_syntax {
            let expected: Vec<String> = en_head
                .iter()
                .map(|l| l.replace("(administrators only)", "(administrateurs seulement)"))
                .collect();
            assert_eq!(fr_head, expected, "{topic}: the syntax lines");
        }
        for line in english.lines() {
            if let Some(usage) = line.strip_prefix("Usage: ") {
                let want = format!("Syntaxe : {usage}");
                assert!(french.lines().any(|l| l == want), "{topic}: {want}");
            }
        }
    }
}

#[test]
fn every_line_is_printable_and_fits_the_default_width() {
    for lang in ["en", "fr"] {
        for (topic, text) in pages(lang) {
            assert!(text.ends_with('\n'), "{lang}/{topic}: no final newline");
            for (n, line) in text.lines().enumerate() {
                let at = format!("{lang}/{topic}.txt line {}", n + 1);
                let odd: Vec<char> = line
                    .chars()
                    .filter(|&c| !(' '..='~').contains(&c) && !FRENCH.contains(c))
                    .collect();
                assert!(odd.is_empty(), "{at}: {odd:?} in {line:?}");
                if lang == "en" {
                    assert!(line.is_ascii(), "{at}: not ASCII: {line:?}");
                }
                assert!(
                    line.chars().count() <= WIDTH,
                    "{at}: {} characters: {line:?}",
                    line.chars().count()
                );
                assert_eq!(line, line.trim_end(), "{at}: trailing spaces");
                // Clients (and these tests) take "fics% " for the prompt
                // wherever it comes.
                assert!(!line.contains("fics% "), "{at}: a prompt inside");
            }
        }
    }
}

#[test]
fn the_french_index_names_every_topic_of_the_english_index() {
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_ascii_alphanumeric())
            .map(str::to_string)
            .collect()
    };
    let en_index = words(&page("en", "index"));
    let fr_index = words(&page("fr", "index"));
    let mut named = 0;
    for topic in pages("en").keys() {
        if en_index.contains(topic) {
            named += 1;
            assert!(fr_index.contains(topic), "the French index lacks {topic}");
        }
    }
    assert!(named >= 90, "the English index names {named} topics");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_french_guest_reads_french_help_and_french_refusals() {
    let server = TestServer::start().await;
    let (mut c, _) = server.guest().await;
    // English first: the lines English users have always read.
    assert_eq!(c.command("help seek").await, page("en", "seek"));
    assert_eq!(
        c.command("help nosuchtopic").await,
        "There is no help available for \"nosuchtopic\".\n\
         Type \"help\" for the list of topics.\n"
    );
    assert_eq!(
        c.command("help tourn").await,
        "Ambiguous help topic \"tourn\". Matches: tourney tournset\n"
    );

    assert_eq!(c.command("set lang fr").await, "Langue : français.\n");
    assert_eq!(c.command("help").await, page("fr", "index"));
    for topic in ["seek", "match", "atomic", "stored", "who", "tourney"] {
        assert_eq!(
            c.command(&format!("help {topic}")).await,
            page("fr", topic),
            "help {topic}"
        );
    }
    // A unique beginning, in any case, finds the French page too.
    assert_eq!(c.command("help sposi").await, page("fr", "sposition"));
    assert_eq!(c.command("help UNOB").await, page("fr", "unobserve"));
    assert_eq!(
        c.command("help nosuchtopic").await,
        "Il n'y a pas d'aide sur « nosuchtopic ».\n\
         Tapez « help » pour la liste des sujets.\n"
    );
    assert_eq!(
        c.command("help tourn").await,
        "Sujet d'aide ambigu « tourn ». Pages possibles : tourney tournset\n"
    );
    assert_eq!(
        c.command("help ../../etc/passwd").await,
        "Il n'y a pas d'aide sur « ../../etc/passwd ».\n"
    );

    assert_eq!(c.command("set lang en").await, "Language set to English.\n");
    assert_eq!(c.command("help").await, page("en", "index"));
    assert_eq!(
        c.command("help ../../etc/passwd").await,
        "There is no help available for \"../../etc/passwd\".\n"
    );
}

/// Every page, in both languages, arrives as it is written: found by its
/// own name, neither wrapped at the default width nor stripped of accents.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_arrives_whole_in_both_languages() {
    // Two hundred commands in a row: past the command budget's burst, so
    // the budget is off here (it would only slow the test down).
    let server = TestServer::start_with(|c| c.command_budget.burst = 0).await;
    let (mut c, _) = server.guest().await;
    for lang in ["en", "fr"] {
        c.command(&format!("set lang {lang}")).await;
        for (topic, text) in pages(lang) {
            assert_eq!(
                c.command(&format!("help {topic}")).await,
                text,
                "help {topic} ({lang})"
            );
        }
    }
}
