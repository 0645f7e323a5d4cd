//! A convex body against a body of many pieces (a mesh, a height field, a compound, a chain):
//! the case as read, every near piece's answer, and the one piece whose run is stepped.
//!
//! GJK answers convex pairs only, and so does every view of the app: a piece's run is the run
//! of the pair of the convex body and that piece, where the body of many pieces put it
//! ([`gjk::composite::Composite::piece_body`]). So the chosen piece is the case's `b` in
//! [`Lab`], solved, stepped, exported and dragged like any pair's, and its trace is the
//! command line's trace of that piece, to the bit. What the pieces add — the whole body drawn,
//! the pieces queried and each contact's seam verdict — lives here, beside the pair.
//!
//! Moving the convex body (or changing the solver) answers the pieces again; changing `b`, or
//! opening another case, leaves the body of many pieces.

use crate::case::playback::{Lab, LabSet, Playback};
use bevy::prelude::*;
use gjk::Scenario;
use gjk::composite::{Composite, CompositeAnswer};
use gjk::scenario::pieces::engine::EngineLines;
use gjk::scenario::pieces::report::{CastLine, pieces_answer, stepped_piece};
use gjk::scenario::pieces::{MeshSpec, PiecesCase, PiecesSpec};
use gjk_lab_files::case::Case;
use gjk_lab_files::incoming::Incoming;
use std::sync::atomic::{AtomicU64, Ordering};

/// The body of many pieces on screen, if the case is one.
#[derive(Resource, Debug, Clone, Default)]
pub struct Pieces(pub Option<PiecesState>);

/// A case of many pieces: as read (its convex body following the one on screen), its pieces
/// built, their answers, and the piece stepped.
#[derive(Debug, Clone)]
pub struct PiecesState {
    pub case: PiecesCase,
    pub composite: Composite,
    /// Every piece queried, with its contacts judged on their seams.
    pub answer: CompositeAnswer,
    /// With a `cast` section: the body's first contact over the pieces, the next hit past
    /// those it rests on, and each hit's seam.
    pub cast: Option<CastLine>,
    /// A captured case's engine answer, each of its normals judged on its seam.
    pub engine: Option<EngineLines>,
    /// The piece whose run is the pair on screen.
    pub chosen: u32,
    /// Which opening this is (each case opened gets the next number), so that what is built
    /// from the pieces alone (the views' meshes) is built again only for another case.
    pub opened: u64,
    /// The file the case came from (its name, or its path on disk): a piece's pair is saved
    /// beside it ([`PiecesState::save_name`]).
    pub source: String,
}

/// The number the next case opened gets.
static OPENINGS: AtomicU64 = AtomicU64::new(0);

/// Step this piece's run: it becomes the pair's `b`.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepPiece(pub u32);

impl PiecesState {
    /// The case answered, and the pair that steps piece `piece` (where the body has it; else,
    /// for a captured case, the first piece the engine's normal is a ghost on; else the piece
    /// that answers the pair: [`stepped_piece`]).
    pub fn open(
        (case, composite): (PiecesCase, Composite),
        piece: Option<u32>,
        source: &str,
    ) -> (PiecesState, Scenario) {
        let (answer, cast) = pieces_answer(&case, &composite);
        let engine = case.engine.as_ref().map(|e| EngineLines::of(e, &composite));
        let ghost = engine.as_ref().and_then(EngineLines::first_ghost);
        let chosen = stepped_piece(&composite, &answer, piece.or(ghost));
        let state = PiecesState {
            case,
            composite,
            answer,
            cast,
            engine,
            chosen,
            opened: OPENINGS.fetch_add(1, Ordering::Relaxed),
            source: source.to_string(),
        };
        let pair = state.pair(chosen);
        (state, pair)
    }

    /// Where the pair on screen is saved: beside the case's file, as `<stem>-piece-<k>.json`,
    /// never over the file of many pieces.
    pub fn save_name(&self) -> String {
        let path = std::path::Path::new(&self.source);
        let stem = path
            .file_stem()
            .map_or("case".into(), |s| s.to_string_lossy());
        path.with_file_name(format!("{stem}-piece-{}.json", self.chosen))
            .display()
            .to_string()
    }

    /// The convex pair of the body and piece `i` ([`PiecesCase::pair`]).
    pub fn pair(&self, i: u32) -> Scenario {
        self.case.pair(&self.composite, i)
    }

    /// Whether `scenario` is still a pair of this case: its `b` the chosen piece where the
    /// body of many pieces put it, in the same space.
    fn holds(&self, scenario: &Scenario) -> bool {
        scenario.dimension == self.case.dimension
            && scenario.b == self.composite.piece_body(self.chosen)
    }
}

/// The pair a case read from file `source` opens as: a convex pair itself, leaving any body
/// of many pieces; a body against many pieces as the pair of its body and piece `piece` (else
/// the piece that answers it), the pieces kept in `pieces`.
pub fn open(case: Case, (piece, source): (Option<u32>, &str), pieces: &mut Pieces) -> Scenario {
    match case {
        Case::Pair(pair) => {
            pieces.0 = None;
            *pair
        }
        Case::Pieces(read) => {
            let (state, pair) = PiecesState::open(*read, piece, source);
            pieces.0 = Some(state);
            pair
        }
    }
}

/// A floor of the triangles of mesh file `file` (OBJ, glTF or GLB) under the body and solver
/// of `pair` (in space), opened as [`open`] opens a case of many pieces, and what to say of
/// it; a refusal names the file, or the triangle or vertex at fault.
pub fn floor_from(
    file: &Incoming,
    pair: &Scenario,
    pieces: &mut Pieces,
) -> Result<(Scenario, String), String> {
    if pair.dimension.is_plane() {
        return Err("a floor of triangles is in space: switch to 3D first".into());
    }
    let (vertices, triangles) = gjk_lab_files::mesh::mesh_triangles(file)?;
    let count = triangles.len();
    let case = PiecesCase {
        name: format!("{} on {}", pair.a.shape.kind_name(), file.name),
        notes: String::new(),
        dimension: pair.dimension,
        a: pair.a.clone(),
        b: PiecesSpec::Mesh(MeshSpec {
            vertices,
            triangles,
        }),
        solver: pair.solver,
        prediction: None,
        cast: pair.cast,
        expect: None,
        engine: None,
    };
    let read = case
        .validated()
        .map_err(|e| format!("{}: {e}", file.name))?;
    let opened = open(Case::Pieces(Box::new(read)), (None, &file.name), pieces);
    let chosen = pieces.0.as_ref().map_or(0, |s| s.chosen);
    let said = format!(
        "Imported {count} triangles from {} as a floor; B is its triangle {chosen}",
        file.name
    );
    Ok((opened, said))
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Pieces>()
        .add_message::<StepPiece>()
        .add_systems(Update, step_piece.in_set(LabSet::Input))
        .add_systems(Update, follow_edits.in_set(LabSet::Solve));
}

/// Makes the piece asked for the pair's `b`, from its first step.
fn step_piece(
    mut requests: MessageReader<StepPiece>,
    mut pieces: ResMut<Pieces>,
    mut lab: ResMut<Lab>,
    mut playback: ResMut<Playback>,
) {
    for &StepPiece(i) in requests.read() {
        let Some(state) = &mut pieces.0 else {
            continue;
        };
        if i as usize >= state.composite.len() {
            continue;
        }
        state.chosen = i;
        let pair = state.pair(i);
        lab.scenario.b = pair.b;
        lab.scenario.engine = pair.engine;
        playback.step = 0;
        playback.playing = false;
    }
}

/// Follows the pair on screen: its body moved, its solver or its motion changed, the pieces
/// are answered again; its `b` is no longer the chosen piece (dragged, replaced, another case
/// opened), the body of many pieces is left.
fn follow_edits(lab: Res<Lab>, mut pieces: ResMut<Pieces>) {
    if !lab.is_changed() {
        return;
    }
    let Some(state) = &pieces.0 else {
        return;
    };
    let scenario = &lab.scenario;
    if !state.holds(scenario) {
        pieces.0 = None;
        return;
    }
    let case = &state.case;
    if scenario.a == case.a && scenario.solver == case.solver && scenario.cast == case.cast {
        return;
    }
    // An edit that cannot be solved leaves the pieces as they were, as it leaves the pair's run.
    let (Ok(valid), Some(state)) = (scenario.clone().validated(), &mut pieces.0) else {
        return;
    };
    state.case.a = valid.a;
    state.case.solver = valid.solver;
    state.case.cast = valid.cast;
    (state.answer, state.cast) = pieces_answer(&state.case, &state.composite);
}
