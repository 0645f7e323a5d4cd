//! parry3d's answer for the case on screen, recomputed whenever the case changes, so the panel
//! can show it beside ours with the difference.

use crate::playback::{Lab, LabSet};
use bevy::prelude::*;
use gjk::reference::Reference;

/// parry3d-f64's answer, or why it could not give one.
#[derive(Resource, Debug, Clone)]
pub struct ReferenceAnswer(pub Result<Reference, String>);

impl ReferenceAnswer {
    pub fn of(lab: &Lab) -> Self {
        ReferenceAnswer(gjk::reference::reference(&lab.scenario.a, &lab.scenario.b))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, recompute.in_set(LabSet::Solve));
}

fn recompute(lab: Res<Lab>, answer: Option<ResMut<ReferenceAnswer>>, mut commands: Commands) {
    match answer {
        None => commands.insert_resource(ReferenceAnswer::of(&lab)),
        Some(mut answer) if lab.is_changed() && lab.error.is_none() => {
            *answer = ReferenceAnswer::of(&lab);
        }
        Some(_) => {}
    }
}
