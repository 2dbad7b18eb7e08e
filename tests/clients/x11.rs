//! A private X server for one GUI (Xvfb), and the hands and eyes a test
//! needs on it: xdotool for the mouse and the keyboard, ImageMagick's
//! `import` for screenshots.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Stdio};

use super::Killed;

/// An Xvfb server on a display of its own, stopped when dropped.
pub struct Display {
    /// `:N`, for `DISPLAY`.
    pub name: String,
    _xvfb: Killed,
}

impl Display {
    /// Starts Xvfb on a free display: Xvfb picks the number itself and
    /// writes it on the descriptor given with `-displayfd`, so two tests
    /// never race for one display.
    pub fn start() -> Display {
        let mut xvfb = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1280x1024x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb starts");
        let mut number = String::new();
        let stdout = xvfb.stdout.take().expect("piped stdout");
        BufReader::new(stdout)
            .read_line(&mut number)
            .expect("Xvfb tells its display");
        assert!(
            !number.trim().is_empty(),
            "Xvfb did not start (no display number)"
        );
        Display {
            name: format!(":{}", number.trim()),
            _xvfb: Killed(xvfb),
        }
    }

    /// Runs xdotool on this display (`mousemove X Y click 1`, `type TEXT`,
    /// `key Return`); a failure fails the test.
    pub fn xdo(&self, args: &[&str]) {
        let ok = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.name)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "xdotool {args:?}");
    }

    /// Clicks the left button at (x, y).
    pub fn click(&self, x: u32, y: u32) {
        self.xdo(&["mousemove", &x.to_string(), &y.to_string(), "click", "1"]);
    }

    /// Saves the whole screen as a PNG (kept for people to look at; a test
    /// never depends on it being written).
    pub fn screenshot(&self, path: &Path) -> bool {
        Command::new("import")
            .args(["-window", "root"])
            .arg(path)
            .env("DISPLAY", &self.name)
            .status()
            .is_ok_and(|s| s.success())
    }

    /// The screen as pixels (ImageMagick writes a binary PPM to stdout,
    /// 8 bits a channel when asked: its default here is 16).
    pub fn pixels(&self) -> Option<Image> {
        let out = Command::new("import")
            .args(["-window", "root", "-depth", "8", "ppm:-"])
            .env("DISPLAY", &self.name)
            .stderr(Stdio::null())
            .output()
            .ok()?;
        Image::from_ppm(&out.stdout)
    }
}

/// An RGB picture of the screen.
pub struct Image {
    pub width: u32,
    pub height: u32,
    rgb: Vec<u8>,
}

impl Image {
    /// Reads a binary PPM (`P6`, 8 bits per channel).
    pub fn from_ppm(bytes: &[u8]) -> Option<Image> {
        let mut reader = bytes;
        let mut fields = Vec::new();
        // Four header fields (magic, width, height, maximum), each followed
        // by one whitespace byte; `#` starts a comment line.
        while fields.len() < 4 {
            let mut field = Vec::new();
            loop {
                let mut b = [0u8];
                reader.read_exact(&mut b).ok()?;
                match b[0] {
                    b'#' if field.is_empty() => {
                        let end = reader.iter().position(|&c| c == b'\n')?;
                        reader = &reader[end + 1..];
                    }
                    c if c.is_ascii_whitespace() => {
                        if !field.is_empty() {
                            break;
                        }
                    }
                    c => field.push(c),
                }
            }
            fields.push(String::from_utf8(field).ok()?);
        }
        if fields[0] != "P6" || fields[3] != "255" {
            return None;
        }
        let width: u32 = fields[1].parse().ok()?;
        let height: u32 = fields[2].parse().ok()?;
        let len = (width * height * 3) as usize;
        (reader.len() >= len).then(|| Image {
            width,
            height,
            rgb: reader[..len].to_vec(),
        })
    }

    /// Whether the pixel at (x, y) is pure black; outside the picture it
    /// is not.
    pub fn is_black(&self, x: i64, y: i64) -> bool {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return false;
        }
        let i = ((y as u32 * self.width + x as u32) * 3) as usize;
        self.rgb[i..i + 3] == [0, 0, 0]
    }
}

#[cfg(test)]
mod tests {
    use super::Image;

    #[test]
    fn a_ppm_with_a_comment_reads_pixel_by_pixel() {
        let mut ppm = b"P6\n# made by hand\n2 1\n255\n".to_vec();
        ppm.extend_from_slice(&[0, 0, 0, 255, 255, 255]);
        let img = Image::from_ppm(&ppm).unwrap();
        assert_eq!((img.width, img.height), (2, 1));
        assert!(img.is_black(0, 0));
        assert!(!img.is_black(1, 0));
        assert!(!img.is_black(2, 0), "outside");
        assert!(Image::from_ppm(b"P5\n1 1\n255\n\0").is_none());
    }
}
