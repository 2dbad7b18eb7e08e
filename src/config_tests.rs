//! config.toml read: defaults, keys that override them, refusals of
//! unknown keys and bad values in one line, and the shipped file.

use super::*;

#[test]
fn empty_file_gives_defaults() {
    let c = Config::parse("").unwrap();
    assert_eq!(c.listen.port(), 5000);
    assert_eq!(c.database, PathBuf::from("data/atomicd.sqlite3"));
    assert_eq!(c.channel_name(53), Some("Guest Chat"));
}

#[test]
fn keys_override_defaults() {
    let c = Config::parse(
        "listen = \"0.0.0.0:5001\"\ndisconnect_grace = 5\n[channels]\n7 = \"Bots\"\n",
    )
    .unwrap();
    assert_eq!(c.listen.port(), 5001);
    assert_eq!(c.disconnect_grace, 5);
    assert_eq!(c.channel_name(7), Some("Bots"));
    assert_eq!(c.idle_timeout(), Some(std::time::Duration::from_secs(3600)));
    let c = Config::parse("idle_timeout_seconds = 2\noutput_buffer_kb = 16").unwrap();
    assert_eq!(c.idle_timeout(), Some(std::time::Duration::from_secs(2)));
    assert_eq!(c.output_buffer_kb, 16);
    assert_eq!(
        Config::parse("idle_timeout_minutes = 0")
            .unwrap()
            .idle_timeout(),
        None
    );
}

#[test]
fn computer_rules_have_defaults_and_can_be_set() {
    let c = Config::parse("").unwrap();
    assert_eq!(c.computers, ComputerRules::default());
    assert_eq!(c.computers.max_games, 1);
    let c =
        Config::parse("[computers]\nchallenges_per_minute = 2\nrated_vs_humans = false\n").unwrap();
    assert_eq!(c.computers.challenges_per_minute, 2);
    assert!(!c.computers.rated_vs_humans);
    assert!(c.computers.rated_vs_computers);
    assert!(Config::parse("[computers]\nmax_game = 2\n").is_err());
}

#[test]
fn unknown_keys_and_bad_values_are_refused_in_one_line() {
    let e = Config::parse("lisen = \"x\"").unwrap_err();
    assert!(e.contains("lisen"), "{e}");
    assert!(!e.contains('\n'));
    assert!(Config::parse("listen = \"nowhere\"").is_err());
    assert!(Config::parse("bcrypt_cost = 4").is_err());
    assert!(Config::parse("server_name = \"My FatICS\"").is_err());
    assert!(Config::parse("tourney_countdown_seconds = -1.0").is_err());
    let c = Config::parse("tourney_countdown_seconds = 5\ntourney_forfeit_seconds = 0.5").unwrap();
    assert_eq!(
        c.tourney_delays(),
        (
            std::time::Duration::from_secs(5),
            std::time::Duration::from_millis(500)
        )
    );
}

#[test]
fn the_web_listener_has_a_default_and_can_be_turned_off() {
    let c = Config::parse("").unwrap();
    assert_eq!(c.web_address(), Some("127.0.0.1:8080".parse().unwrap()));
    assert_eq!(c.web_ping_seconds, 30);
    let c = Config::parse("web_listen = \"\"").unwrap();
    assert_eq!(c.web_address(), None);
    let c = Config::parse("web_origins = [\"https://chess.example.org\", \"*\"]").unwrap();
    assert_eq!(c.web_origins.len(), 2);
    assert!(Config::parse("web_listen = \"everywhere\"").is_err());
    assert!(Config::parse("web_origins = [\"chess.example.org\"]").is_err());
    assert!(Config::parse("web_origins = [\"https://a.org/path\"]").is_err());
    assert!(Config::parse("api_requests_per_minute = 0").is_err());
}

#[test]
fn the_web_port_has_timeouts_a_public_address_and_trusted_proxies() {
    let c = Config::parse("").unwrap();
    assert_eq!(
        c.web_timeouts(),
        (
            std::time::Duration::from_secs(10),
            std::time::Duration::from_secs(60)
        )
    );
    assert_eq!(c.public_origin().as_deref(), Some("http://127.0.0.1:8080"));
    assert!(c.trusted_proxies.is_empty());
    let c = Config::parse(
        "public_url = \"https://Chess.Example.org/\"\ntrusted_proxies = [\"127.0.0.1\", \"10.0.0.0/8\"]\nweb_header_timeout_seconds = 2.5",
    )
    .unwrap();
    assert_eq!(
        c.public_origin().as_deref(),
        Some("https://chess.example.org")
    );
    assert_eq!(c.trusted_proxies.len(), 2);
    assert!(c.trusted_proxies[1].contains("10.1.2.3".parse().unwrap()));
    assert_eq!(c.web_timeouts().0, std::time::Duration::from_millis(2500));
    assert!(Config::parse("public_url = \"chess.example.org\"").is_err());
    assert!(Config::parse("public_url = \"ftp://chess.example.org\"").is_err());
    assert!(Config::parse("trusted_proxies = [\"nginx\"]").is_err());
    assert!(Config::parse("web_idle_timeout_seconds = 0").is_err());
}

#[test]
fn the_engine_and_the_computer_opponents() {
    let c = Config::parse("").unwrap();
    assert_eq!(c.engine, None);
    assert!(c.house_bots.is_empty());
    assert_eq!(c.house.max_games, 2);
    let c = Config::parse(
        "engine = \"engines/fairy-stockfish\"\n[house]\nmax_games = 1\n[[house_bots]]\nname = \"FairyOne\"\nlevel = 1\n[[house_bots]]\nname = \"FairyEight\"\nlevel = 8\n",
    )
    .unwrap();
    assert_eq!(c.engine.as_deref(), Some("engines/fairy-stockfish"));
    assert_eq!(c.house_bots.len(), 2);
    assert_eq!(c.house_bots[1].level, 8);
    assert_eq!(c.house.max_games, 1);
    for bad in [
        "engine = \" \"",
        "[[house_bots]]\nname = \"Fairy1\"\nlevel = 1",
        "[[house_bots]]\nname = \"Fairy\"\nlevel = 9",
        "[[house_bots]]\nname = \"Fairy\"\nlevel = 1\n[[house_bots]]\nname = \"fairy\"\nlevel = 2",
        "[[house_bots]]\nname = \"Fairy\"",
    ] {
        assert!(Config::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn the_shipped_config_toml_parses_and_has_eight_levels() {
    let c = Config::parse(include_str!("../config.toml")).unwrap();
    assert_eq!(c.engine.as_deref(), Some("engines/fairy-stockfish"));
    let levels: Vec<u8> = c.house_bots.iter().map(|b| b.level).collect();
    assert_eq!(levels, [1, 2, 3, 4, 5, 6, 7, 8]);
}

#[test]
fn missing_file_says_so() {
    let e = Config::load(Path::new("/nonexistent/atomicd.toml")).unwrap_err();
    assert!(e.to_string().contains("not found"));
}
