//! What every engine shares: the settings, the messages, the key, and writing a captured pair
//! as a scenario file with its link.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use bevy::prelude::*;
use gjk::scenario::engine::EngineAnswer;
use gjk::{BodySpec, CastSpec, Precision, Scenario, SolverSpec};
use std::path::{Path, PathBuf};

/// How the capture behaves; a resource the game may change at any time.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct CaptureSettings {
    /// The key that captures (default F9, which few games bind); `None`: messages only.
    pub key: Option<KeyCode>,
    /// Which pairs in contact the key captures.
    pub on_key: Pairs,
    /// Where files are written (created when missing).
    pub folder: PathBuf,
    /// The lab's page the logged links point to (`./lab web` serves it here).
    pub page: String,
}

impl Default for CaptureSettings {
    fn default() -> Self {
        CaptureSettings {
            key: Some(KeyCode::F9),
            on_key: Pairs::All,
            folder: PathBuf::from("gjk-captures"),
            page: "http://127.0.0.1:8080/".into(),
        }
    }
}

/// Which pairs in contact to capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pairs {
    /// Every pair in contact, awake or asleep.
    All,
    /// The pair whose deepest point is deepest.
    Deepest,
    /// The pairs in contact with this collider.
    Of(Entity),
}

/// A request to capture, sent by the key or by the game.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureRequest {
    /// Pairs in contact.
    Contacts(Pairs),
    /// Two colliders, in contact or not.
    Pair(Entity, Entity),
    /// The next shape cast made through the capture's cast parameter; a cast that hits
    /// nothing is written against `against` when one is named (a miss names no counterpart).
    NextCast {
        /// The collider a miss is captured against.
        against: Option<Entity>,
    },
}

/// What a capture did: a file written, or why not.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum CaptureOutcome {
    /// A case written.
    Written {
        /// The file.
        path: PathBuf,
        /// A link that opens it in the lab (`#case=…`).
        link: String,
    },
    /// Nothing written, and why (the shape's type, a pair not found, …).
    Refused {
        /// What was asked.
        what: String,
        /// Why not.
        reason: String,
    },
}

/// Whether the next cast through a capture parameter is written.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ArmedCast {
    pub armed: bool,
    pub against: Option<Entity>,
}

/// The key sends the settings' contacts request and arms the next cast.
pub(crate) fn key_requests(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    settings: Res<CaptureSettings>,
    mut requests: MessageWriter<CaptureRequest>,
) {
    let (Some(keys), Some(key)) = (keys, settings.key) else {
        return;
    };
    if keys.just_pressed(key) {
        requests.write(CaptureRequest::Contacts(settings.on_key));
        requests.write(CaptureRequest::NextCast { against: None });
    }
}

/// A [`CaptureRequest::NextCast`] arms the cast parameters.
pub(crate) fn arm_casts(mut requests: MessageReader<CaptureRequest>, mut armed: ResMut<ArmedCast>) {
    for request in requests.read() {
        if let CaptureRequest::NextCast { against } = *request {
            *armed = ArmedCast {
                armed: true,
                against,
            };
        }
    }
}

/// A captured pair, ready to write: the two convex pieces in the world, and what the engine
/// answered.
#[derive(Debug, Clone)]
pub(crate) struct Captured {
    pub plane: bool,
    pub a: BodySpec,
    pub b: BodySpec,
    pub notes: Vec<String>,
    pub cast: Option<CastSpec>,
    pub engine: EngineAnswer,
}

impl Captured {
    /// Writes the case as `frame<N>-<label>[-cast].json` in the settings' folder (the label
    /// names the entities) and logs where it is and the link that opens it.
    pub fn write(self, settings: &CaptureSettings, frame: u32, label: &str) -> CaptureOutcome {
        let kind = if self.cast.is_some() { "-cast" } else { "" };
        let name = format!("frame{frame}-{label}{kind}");
        let what = format!("{} {name}", self.engine.engine);
        match self
            .scenario(&name)
            .and_then(|s| save(&s, &settings.folder, &name).map(|p| (s, p)))
        {
            Ok((scenario, path)) => {
                let link = link(&scenario, &settings.page);
                info!(
                    "gjk capture: {what} written to {} (open: gjk-lab {0}, or gjk-lab --link '{link}')",
                    path.display()
                );
                CaptureOutcome::Written { path, link }
            }
            Err(reason) => {
                warn!("gjk capture: {what} not written: {reason}");
                CaptureOutcome::Refused { what, reason }
            }
        }
    }

    fn scenario(self, name: &str) -> Result<Scenario, String> {
        let mut s = Scenario::new(name, self.a, self.b);
        s.dimension = if self.plane {
            gjk::config::Dimension::Two
        } else {
            gjk::config::Dimension::Three
        };
        s.solver = SolverSpec {
            precision: Precision::F32,
            ..SolverSpec::default()
        };
        let mut notes = self.notes;
        notes.push(format!(
            "Captured from {} ({}).",
            self.engine.engine,
            self.engine.poses.describe()
        ));
        s.notes = notes.join(" ");
        s.cast = self.cast;
        s.engine = Some(self.engine);
        s.validated().map_err(|e| e.to_string())
    }
}

/// The scenario written whole or not at all (the lab's own save writes beside and renames).
fn save(s: &Scenario, folder: &Path, name: &str) -> Result<PathBuf, String> {
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let path = folder.join(format!("{name}.json"));
    s.save(&path).map_err(|e| e.to_string())?;
    Ok(path)
}

/// The link the lab opens: the scenario as JSON, deflated and base64url-encoded after
/// `#case=`, as the lab's page and `gjk-lab --link` read it, at the run's last step (where the
/// answer stands; the lab opens a link without a step at step 0).
pub(crate) fn link(s: &Scenario, page: &str) -> String {
    let json = serde_json::to_string(s).unwrap_or_default();
    let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    let page = page.split('#').next().unwrap_or(page);
    let steps = gjk::trace(&s.a, &s.b, &s.config()).steps.len();
    format!(
        "{page}#case={}&step={steps}",
        URL_SAFE_NO_PAD.encode(packed)
    )
}
