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

/// Whether the next cast through a capture parameter is written, and who asked.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ArmedCast {
    pub armed: bool,
    pub against: Option<Entity>,
    /// Armed by the key: for the frame it was pressed in, through the first physics step from
    /// it (a game casts in `Update` or in `FixedUpdate`, which a frame may run none of), not
    /// until some later hit. A game's [`CaptureRequest::NextCast`] waits for the next hit.
    pub by_key: bool,
    /// A fixed step ran since the key armed it.
    pub stepped: bool,
    /// Casts made while armed that hit nothing, with no collider named to write them against.
    pub misses: u32,
}

impl ArmedCast {
    /// A cast written: nothing more is.
    pub(crate) fn disarm(&mut self) {
        *self = ArmedCast::default();
    }
}

/// The key sends the settings' contacts request and arms the casts of this frame (here, in
/// `PreUpdate`, so that the fixed steps before `Update` see it too).
pub(crate) fn key_requests(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    settings: Res<CaptureSettings>,
    mut armed: ResMut<ArmedCast>,
    mut requests: MessageWriter<CaptureRequest>,
) {
    let (Some(keys), Some(key)) = (keys, settings.key) else {
        return;
    };
    if keys.just_pressed(key) {
        requests.write(CaptureRequest::Contacts(settings.on_key));
        // Also sent as a request, for the casts the engine made itself (avian's ShapeCaster).
        requests.write(CaptureRequest::NextCast { against: None });
        *armed = ArmedCast {
            armed: true,
            by_key: true,
            ..default()
        };
    }
}

/// A [`CaptureRequest::NextCast`] arms the cast parameters until a cast is written (the key's
/// own request is armed already, for its frame).
pub(crate) fn arm_casts(mut requests: MessageReader<CaptureRequest>, mut armed: ResMut<ArmedCast>) {
    for request in requests.read() {
        if let CaptureRequest::NextCast { against } = *request {
            if armed.by_key && against.is_none() {
                continue;
            }
            *armed = ArmedCast {
                armed: true,
                against,
                ..default()
            };
        }
    }
}

/// A fixed step ran while the key's arming stands.
pub(crate) fn note_fixed_step(mut armed: ResMut<ArmedCast>) {
    armed.stepped = true;
}

/// At the end of a frame in which the key's arming has seen a fixed step and no cast was
/// written: says why (every cast missed, or none was made through the capture) in the log and
/// as a [`CaptureOutcome::Refused`], and disarms.
pub(crate) fn expire_key_cast(
    mut armed: ResMut<ArmedCast>,
    mut outcomes: MessageWriter<CaptureOutcome>,
) {
    if !armed.stepped {
        return;
    }
    let reason = match armed.misses {
        0 => "no shape cast was made through the capture (GjkSpatialQuery, GjkMoveAndSlide, \
              GjkRapierContext or a character controller) in the key's frame"
            .to_string(),
        n => format!(
            "{n} shape cast(s) in the key's frame hit nothing; a miss is written only against \
             a collider named by CaptureRequest::NextCast {{ against }}"
        ),
    };
    warn!("gjk capture: no cast written: {reason}");
    outcomes.write(CaptureOutcome::Refused {
        what: "the key's shape cast".into(),
        reason,
    });
    armed.disarm();
}

/// What a capture found, ready to write: a convex pair, or a convex body against the pieces
/// near it of a body of many pieces.
#[derive(Debug)]
pub(crate) enum Capture {
    /// Two convex shapes (or the convex parts of two composite ones that touch).
    Pair(Box<Captured>),
    /// A convex body against a mesh, a height field, a compound or a polyline.
    Pieces(Box<crate::pieces::CapturedPieces>),
}

impl Capture {
    /// The notes the file will carry.
    pub(crate) fn notes_mut(&mut self) -> &mut Vec<String> {
        match self {
            Capture::Pair(c) => &mut c.notes,
            Capture::Pieces(c) => &mut c.notes,
        }
    }

    /// The engine's deepest point's separation, over every piece.
    #[cfg(any(feature = "bevy_rapier3d", feature = "bevy_rapier2d"))]
    pub(crate) fn deepest_separation(&self) -> Option<f64> {
        match self {
            Capture::Pair(c) => c.engine.deepest_separation(),
            Capture::Pieces(c) => c
                .case
                .engine
                .as_ref()?
                .contacts
                .iter()
                .flat_map(|m| &m.points)
                .map(|p| p.separation)
                .reduce(f64::min),
        }
    }

    /// Both bodies' collision margins (avian's), as part of the bodies: each body's own in
    /// a pair, its points moved out along the normal; both on the convex body against pieces
    /// (the lab's pieces have none), which parts them by the same separation, the body's
    /// points moved by both. Either way the engine's separations shrink by both.
    pub(crate) fn add_margins(&mut self, m1: f32, m2: f32) {
        let (d1, d2) = (f64::from(m1), f64::from(m2));
        match self {
            Capture::Pair(c) => {
                c.a.margin += d1;
                c.b.margin += d2;
                if let Some(contact) = c.engine.contact.as_mut() {
                    let n = contact.normal;
                    for p in &mut contact.points {
                        p.point_a += n * d1;
                        p.point_b -= n * d2;
                        p.separation -= d1 + d2;
                    }
                }
            }
            Capture::Pieces(c) => {
                c.case.a.margin += d1 + d2;
                // The body's surface moves towards the piece, against the normal out of it.
                for m in c.case.engine.iter_mut().flat_map(|e| &mut e.contacts) {
                    for p in &mut m.points {
                        p.point_a -= m.normal * (d1 + d2);
                        p.separation -= d1 + d2;
                    }
                }
            }
        }
        self.notes_mut().push(format!(
            "Collision margins {m1} (A) and {m2} (B) are the bodies' margins."
        ));
    }

    /// Writes the case as `frame<N>-<label>[-cast].json` in the settings' folder (the label
    /// names the entities) and logs where it is and how to open it.
    pub(crate) fn write(
        self,
        settings: &CaptureSettings,
        frame: u32,
        label: &str,
    ) -> CaptureOutcome {
        let (cast, engine) = match &self {
            Capture::Pair(c) => (c.cast.is_some(), c.engine.engine.clone()),
            Capture::Pieces(c) => (
                c.case.cast.is_some(),
                c.case
                    .engine
                    .as_ref()
                    .map_or(String::new(), |e| e.engine.clone()),
            ),
        };
        let name = format!("frame{frame}-{label}{}", if cast { "-cast" } else { "" });
        let what = format!("{engine} {name}");
        let saved = match self {
            Capture::Pair(c) => c.save(&name, settings),
            Capture::Pieces(c) => c.save(&name, settings),
        };
        match saved {
            Ok(Saved { path, link, open }) => {
                info!("gjk capture: {what} written to {}; {open}", path.display());
                CaptureOutcome::Written { path, link }
            }
            Err(reason) => {
                warn!("gjk capture: {what} not written: {reason}");
                CaptureOutcome::Refused { what, reason }
            }
        }
    }
}

/// A case written: its file, the link that opens it (or its engine's piece), and how to open
/// it, in words, each command between backticks, whole, so that it can be copied as it is.
pub(crate) struct Saved {
    pub path: PathBuf,
    pub link: String,
    pub open: String,
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
    /// Saves the case as `<name>.json` in the settings' folder.
    fn save(self, name: &str, settings: &CaptureSettings) -> Result<Saved, String> {
        let scenario = self.scenario(name)?;
        let path = save(&scenario, &settings.folder, name)?;
        let link = link(&scenario, &settings.page);
        let open = format!(
            "open it with `gjk-lab {}`, or `gjk-lab '{link}'`, or the link in the lab's page",
            path.display()
        );
        Ok(Saved { path, link, open })
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
    let path = file_in(folder, name)?;
    s.save(&path).map_err(|e| e.to_string())?;
    Ok(path)
}

/// The file `<name>.json` in `folder`, the folder made where missing.
pub(crate) fn file_in(folder: &Path, name: &str) -> Result<PathBuf, String> {
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    Ok(folder.join(format!("{name}.json")))
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
