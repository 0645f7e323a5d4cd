//! parry3d's answer for the case on screen, recomputed whenever the case changes, so the panel
//! can show it beside ours with the difference.

use crate::case::playback::{Lab, LabSet, Shapes};
use bevy::prelude::*;
use gjk::tools::reference::{Reference, SharedShape, parry_pose, parry_shape_of, reference_posed};
use gjk::{BodySpec, PreparedShape};

/// parry3d-f64's answer, or why it could not give one.
#[derive(Resource, Debug, Clone)]
pub struct ReferenceAnswer(pub Result<Reference, String>);

/// Each body's shape in parry with the shape and margin it was built from. A drag changes only
/// poses, so the shapes (for a polytope, parry's convex hull: tens of ms at 10,000 points) are
/// kept.
#[derive(Default)]
struct ParryShapes([Option<ParryShape>; 2]);

/// A body's prepared shape and margin, and parry's shape built from them.
struct ParryShape {
    from: (PreparedShape, f64),
    shape: Result<SharedShape, String>,
}

impl ParryShapes {
    fn shape(
        &mut self,
        slot: usize,
        prepared: &PreparedShape,
        body: &BodySpec,
    ) -> Result<SharedShape, String> {
        match &self.0[slot] {
            Some(built) if built.from.0.same(prepared) && built.from.1 == body.margin => {
                built.shape.clone()
            }
            _ => {
                let shape = parry_shape_of(body, ["A", "B"][slot]);
                self.0[slot] = Some(ParryShape {
                    from: (prepared.clone(), body.margin),
                    shape: shape.clone(),
                });
                shape
            }
        }
    }

    fn answer(&mut self, lab: &Lab, shapes: &Shapes) -> ReferenceAnswer {
        let (a, b) = (&lab.scenario.a, &lab.scenario.b);
        let [pa, pb] = &shapes.0;
        ReferenceAnswer(self.shape(0, pa, a).and_then(|sa| {
            let sb = self.shape(1, pb, b)?;
            reference_posed((&parry_pose(a), &sa), (&parry_pose(b), &sb))
        }))
    }
}

pub(crate) fn plugin(app: &mut App) {
    // After the case is solved again: a new shape (an opened file, an imported mesh) is
    // prepared there, and parry's shape is built from it.
    app.add_systems(
        Update,
        recompute
            .in_set(LabSet::Solve)
            .after(crate::case::playback::rerun_on_change),
    );
}

fn recompute(
    lab: Res<Lab>,
    prepared: Res<Shapes>,
    answer: Option<ResMut<ReferenceAnswer>>,
    mut shapes: Local<ParryShapes>,
    mut commands: Commands,
) {
    match answer {
        None => commands.insert_resource(shapes.answer(&lab, &prepared)),
        Some(mut answer) if lab.is_changed() && lab.error.is_none() => {
            *answer = shapes.answer(&lab, &prepared);
        }
        Some(_) => {}
    }
}
