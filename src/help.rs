//! Help pages from `data/help/<lang>/<topic>.txt`, read once at start.
//!
//! Pages are small and few, so they live in memory: `help` never touches the
//! disk while users wait.

use std::collections::BTreeMap;
use std::path::Path;

use crate::chess::Lang;

/// Every help page, English and French.
#[derive(Debug, Default)]
pub struct HelpPages {
    en: BTreeMap<String, String>,
    fr: BTreeMap<String, String>,
}

/// What `help topic` finds.
#[derive(Debug, PartialEq, Eq)]
pub enum Lookup<'a> {
    Page(&'a str),
    Ambiguous(Vec<&'a str>),
    Missing,
}

impl HelpPages {
    /// Loads `dir/en/*.txt` and `dir/fr/*.txt`; a missing folder gives no pages.
    pub fn load(dir: &Path) -> HelpPages {
        HelpPages {
            en: load_dir(&dir.join("en")),
            fr: load_dir(&dir.join("fr")),
        }
    }

    /// A page by exact name or unique prefix; French first for French users.
    pub fn find(&self, topic: &str, lang: Lang) -> Lookup<'_> {
        let topic = topic.to_ascii_lowercase();
        if lang == Lang::Fr
            && let Some(page) = self.fr.get(&topic)
        {
            return Lookup::Page(page);
        }
        if let Some(page) = self.en.get(&topic) {
            return Lookup::Page(page);
        }
        let matches: Vec<&str> = self
            .en
            .keys()
            .filter(|k| k.starts_with(&topic))
            .map(String::as_str)
            .collect();
        match matches.as_slice() {
            [] => Lookup::Missing,
            [one] => match (lang, self.fr.get(*one)) {
                (Lang::Fr, Some(page)) => Lookup::Page(page),
                _ => Lookup::Page(&self.en[*one]),
            },
            _ => Lookup::Ambiguous(matches),
        }
    }

    /// Names of all English pages, sorted.
    pub fn topics(&self) -> impl Iterator<Item = &str> {
        self.en.keys().map(String::as_str)
    }
}

fn load_dir(dir: &Path) -> BTreeMap<String, String> {
    let mut pages = BTreeMap::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return pages;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let (Some(stem), Some("txt")) = (
            path.file_stem().and_then(|s| s.to_str()),
            path.extension().and_then(|s| s.to_str()),
        ) else {
            continue;
        };
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let mut text = text.replace("\r\n", "\n");
                if !text.ends_with('\n') {
                    text.push('\n');
                }
                pages.insert(stem.to_ascii_lowercase(), text);
            }
            Err(e) => tracing::warn!(path = %path.display(), error = %e, "help page unreadable"),
        }
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_prefix_ambiguous_and_french_lookups() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("en")).unwrap();
        std::fs::create_dir_all(dir.path().join("fr")).unwrap();
        std::fs::write(dir.path().join("en/atomic.txt"), "boom").unwrap();
        std::fs::write(dir.path().join("en/abort.txt"), "stop\n").unwrap();
        std::fs::write(dir.path().join("en/who.txt"), "who\n").unwrap();
        std::fs::write(dir.path().join("fr/atomic.txt"), "explosion\n").unwrap();
        let h = HelpPages::load(dir.path());
        assert_eq!(h.find("atomic", Lang::En), Lookup::Page("boom\n"));
        assert_eq!(h.find("atomic", Lang::Fr), Lookup::Page("explosion\n"));
        assert_eq!(h.find("ato", Lang::Fr), Lookup::Page("explosion\n"));
        assert_eq!(h.find("who", Lang::Fr), Lookup::Page("who\n"));
        assert_eq!(
            h.find("a", Lang::En),
            Lookup::Ambiguous(vec!["abort", "atomic"])
        );
        assert_eq!(h.find("../etc/passwd", Lang::En), Lookup::Missing);
    }
}
