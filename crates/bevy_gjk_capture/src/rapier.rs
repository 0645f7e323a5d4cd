//! bevy_rapier3d and bevy_rapier2d: the pairs its narrow phase holds, its colliders' scaled
//! shapes and world poses from the rapier collider set, and a context that records the next
//! shape cast.
//!
//! Colliders are read from rapier's own set (`Collider::shape`, `Collider::position`: the
//! shape as scaled by bevy_rapier, the pose the narrow phase uses), with contacts predicted to
//! the integration parameters' prediction distance plus both contact skins.
//!
//! A character controller's collisions are the casts of its move: each is written as the cast
//! that found it, rebuilt from what bevy_rapier reports (the pose of impact, the translation
//! still to go along the cast's direction, the hit) and the controller's offset, which the
//! engine casts with as its target distance.

macro_rules! rapier_capture {
    ($rapier:ident, $dim:ident, $name:literal, $pose:expr) => {
        use crate::case::{ArmedCast, CaptureOutcome, CaptureRequest, CaptureSettings, Pairs};
        use crate::parry::$dim::{CastCall, contact};
        use bevy::diagnostic::FrameCount;
        use bevy::ecs::system::SystemParam;
        use bevy::prelude::*;
        use $rapier::parry::math::Pose;
        use $rapier::prelude::*;

        const ENGINE: &str = concat!($name, " 0.37");

        pub(crate) fn plugin(app: &mut App) {
            // Run only on a request: while nothing is asked, a frame pays one condition.
            app.add_systems(
                Update,
                capture_contacts
                    .after(crate::case::arm_casts)
                    .run_if(on_message::<CaptureRequest>),
            );
            // Where bevy_rapier's physics runs by default: after the controllers moved, before
            // the step moves the colliders they were cast against.
            app.add_systems(
                PostUpdate,
                capture_character_collisions
                    .after($rapier::plugin::systems::update_character_controls)
                    .before(PhysicsSet::StepSimulation)
                    .run_if(|armed: Res<ArmedCast>| armed.armed),
            );
        }

        /// A collider in rapier's set: its shape and world pose, and its contact skin.
        fn collider<'a>(
            ctx: &'a RapierContext<'a>,
            e: Entity,
            who: &str,
        ) -> Result<&'a $rapier::rapier::geometry::Collider, String> {
            ctx.colliders
                .entity2collider()
                .get(&e)
                .and_then(|&h| ctx.colliders.colliders.get(h))
                .ok_or_else(|| format!("{who} ({e}) is not a rapier collider"))
        }

        fn capture_pair(
            ctx: &RapierContext,
            [e1, e2]: [Entity; 2],
        ) -> Result<crate::case::Capture, String> {
            let c1 = collider(ctx, e1, "A")?;
            let c2 = collider(ctx, e2, "B")?;
            let prediction = ctx.simulation.integration_parameters.prediction_distance()
                + c1.contact_skin()
                + c2.contact_skin();
            let mut captured = contact(
                ENGINE,
                (c1.shape(), c1.position()),
                (c2.shape(), c2.position()),
                prediction,
            )?;
            if c1.contact_skin() + c2.contact_skin() > 0.0 {
                captured.notes_mut().push(format!(
                    "Contact skins {} (A) and {} (B) are not part of the bodies.",
                    c1.contact_skin(),
                    c2.contact_skin()
                ));
            }
            Ok(captured)
        }

        /// The deepest point of a captured pair (its separation), to pick the deepest pair.
        fn deepest(captured: &crate::case::Capture) -> f64 {
            captured.deepest_separation().unwrap_or(f64::INFINITY)
        }

        /// Answers contact and pair requests.
        fn capture_contacts(
            mut requests: MessageReader<CaptureRequest>,
            context: ReadRapierContext,
            settings: Res<CaptureSettings>,
            frame: Option<Res<FrameCount>>,
            mut outcomes: MessageWriter<CaptureOutcome>,
        ) {
            let frame = frame.map_or(0, |f| f.0);
            for request in requests.read() {
                // No context: the game runs another engine (the crate may be built with several).
                let Ok(ctx) = context.single() else {
                    continue;
                };
                let touching = || {
                    ctx.simulation
                        .contact_pairs(ctx.colliders, ctx.rigidbody_set)
                        .filter(|p| p.has_any_active_contact())
                        .filter_map(|p| Some([p.collider1()?, p.collider2()?]))
                        .collect::<Vec<_>>()
                };
                let mut captures: Vec<([Entity; 2], Result<crate::case::Capture, String>)> =
                    match *request {
                        CaptureRequest::Pair(a, b) => vec![([a, b], capture_pair(&ctx, [a, b]))],
                        CaptureRequest::Contacts(which) => touching()
                            .into_iter()
                            .filter(|[a, b]| match which {
                                Pairs::Of(e) => *a == e || *b == e,
                                _ => true,
                            })
                            .map(|pair| (pair, capture_pair(&ctx, pair)))
                            .collect(),
                        CaptureRequest::NextCast { .. } => continue,
                    };
                if let CaptureRequest::Contacts(Pairs::Deepest) = request {
                    let best = captures
                        .iter()
                        .enumerate()
                        .min_by(|(_, x), (_, y)| {
                            let depth =
                                |c: &Result<_, String>| c.as_ref().map_or(f64::INFINITY, deepest);
                            depth(&x.1).total_cmp(&depth(&y.1))
                        })
                        .map(|(i, _)| i);
                    captures = best.map(|i| captures.swap_remove(i)).into_iter().collect();
                }
                if captures.is_empty() {
                    outcomes.write(CaptureOutcome::Refused {
                        what: format!("{ENGINE} {request:?}"),
                        reason: "no pair is in contact".into(),
                    });
                }
                for (pair, captured) in captures {
                    let label = format!("{}-{}", pair[0], pair[1]);
                    outcomes.write(match captured {
                        Ok(c) => c.write(&settings, frame, &label),
                        Err(reason) => CaptureOutcome::Refused {
                            what: format!("{ENGINE} {label}"),
                            reason,
                        },
                    });
                }
            }
        }

        /// The collisions of the character controllers that moved this frame, each as the
        /// shape cast that found it: written when the next cast is asked for.
        fn capture_character_collisions(
            mut armed: ResMut<ArmedCast>,
            controllers: Query<
                (
                    Entity,
                    &KinematicCharacterController,
                    &KinematicCharacterControllerOutput,
                ),
                Changed<KinematicCharacterControllerOutput>,
            >,
            context: ReadRapierContext,
            settings: Res<CaptureSettings>,
            frame: Option<Res<FrameCount>>,
            mut outcomes: MessageWriter<CaptureOutcome>,
        ) {
            let Ok(ctx) = context.single() else {
                return;
            };
            let frame = frame.map_or(0, |f| f.0);
            for (character, controller, output) in &controllers {
                for collision in &output.collisions {
                    armed.disarm();
                    let label = format!("character{character}-{}", collision.entity);
                    outcomes.write(
                        match character_cast(&ctx, character, controller, collision) {
                            Ok(c) => c.write(&settings, frame, &label),
                            Err(reason) => CaptureOutcome::Refused {
                                what: format!("{ENGINE} {label}"),
                                reason,
                            },
                        },
                    );
                }
            }
        }

        /// One collision of a controller's move as the cast rapier made: the character's shape
        /// from `toi` back along the direction of the translation still to go (the cast's own
        /// direction: rapier subtracts the distance moved from it), at unit speed, searched to
        /// the distance the move had left, with the controller's offset as its target.
        fn character_cast(
            ctx: &RapierContext,
            character: Entity,
            controller: &KinematicCharacterController,
            collision: &CharacterCollision,
        ) -> Result<crate::case::Capture, String> {
            let hit = collision.hit;
            let toi = hit.time_of_impact;
            let remaining = collision.translation_remaining;
            let direction = remaining.try_normalize().ok_or_else(|| {
                "the engine reports no translation left after this hit, so the cast's                  direction is not known"
                    .to_string()
            })?;
            let mut notes = Vec::new();
            let shape: &dyn $rapier::parry::shape::Shape = match &controller.custom_shape {
                Some((custom, _, _)) => {
                    notes.push(
                        "The controller's custom shape, as given (the transform's scale not                          applied)."
                            .to_string(),
                    );
                    &*custom.raw
                }
                None => collider(ctx, character, "B")?.shape(),
            };
            let at_impact: Pose =
                ($pose)(collision.character_translation, collision.character_rotation);
            let mut start = at_impact;
            start.translation -= direction * toi;
            let up_extent = shape
                .compute_local_aabb()
                .extents()
                .dot(controller.up.abs());
            let offset = match controller.offset {
                CharacterLength::Absolute(x) => x,
                CharacterLength::Relative(x) => x * up_extent,
            };
            let obstacle = collider(ctx, collision.entity, "A")?;
            let call = CastCall {
                engine: ENGINE,
                target: (obstacle.shape(), *obstacle.position()),
                shape: (shape, start),
                velocity: direction,
                options: ShapeCastOptions {
                    max_time_of_impact: toi + remaining.length(),
                    target_distance: offset,
                    stop_at_penetration: false,
                    compute_impact_geometry_on_penetration: true,
                },
                // witness2 and normal2 are in the character's frame at its pose of impact.
                engine_hit: Some((
                    toi,
                    Some(format!("{:?}", hit.status)),
                    hit.details
                        .map(|d| [d.normal1, d.witness1, at_impact * d.witness2]),
                )),
            };
            let mut captured = call.capture()?;
            notes.push(format!(
                "A character controller's move: B is the character at the start of the cast                  that hit, moving at unit speed (the time is a distance), its offset {offset}                  the target distance."
            ));
            captured.notes_mut().extend(notes);
            Ok(captured)
        }

        pub use param::GjkRapierContext;

        /// The parameter in a module of its own: the fields the derive generates beside it
        /// have no Debug, as bevy_rapier's ReadRapierContext has none.
        #[expect(
            missing_debug_implementations,
            reason = "bevy_rapier's ReadRapierContext has no Debug"
        )]
        mod param {
            use super::*;

            /// bevy_rapier's context for scene queries, recording the next shape cast when the
            /// capture is armed (the key, or [`CaptureRequest::NextCast`]). Use it where the
            /// game used `ReadRapierContext`: everything else derefs to the engine's own.
            #[derive(SystemParam)]
            pub struct GjkRapierContext<'w, 's> {
                /// The engine's read-only context.
                pub inner: ReadRapierContext<'w, 's>,
                pub(super) armed: ResMut<'w, ArmedCast>,
                pub(super) settings: Res<'w, CaptureSettings>,
                pub(super) frame: Option<Res<'w, FrameCount>>,
                pub(super) outcomes: MessageWriter<'w, CaptureOutcome>,
            }
        }

        impl<'w, 's> std::ops::Deref for GjkRapierContext<'w, 's> {
            type Target = ReadRapierContext<'w, 's>;
            fn deref(&self) -> &Self::Target {
                &self.inner
            }
        }

        impl GjkRapierContext<'_, '_> {
            /// `RapierContext::cast_shape`, the same arguments and answer (`None` also when
            /// there is no rapier context); when armed, the call and its answer are written as
            /// a case (A the collider hit, B the cast shape moving at `shape_vel`).
            pub fn cast_shape(
                &mut self,
                shape_pos: Vect,
                shape_rot: Rot,
                shape_vel: Vect,
                shape: &Collider,
                options: ShapeCastOptions,
                filter: QueryFilter,
            ) -> Option<(Entity, ShapeCastHit)> {
                let ctx = self.inner.single().ok()?;
                let hit = ctx.cast_shape(shape_pos, shape_rot, shape_vel, shape, options, filter);
                if self.armed.armed {
                    if let Some(target) = hit.as_ref().map(|h| h.0).or(self.armed.against) {
                        self.armed.disarm();
                        let start: Pose = ($pose)(shape_pos, shape_rot);
                        let outcome = match collider(&ctx, target, "A") {
                            Ok(co) => {
                                let call = CastCall {
                                    engine: ENGINE,
                                    target: (co.shape(), *co.position()),
                                    shape: (&*shape.raw, start),
                                    velocity: shape_vel,
                                    options,
                                    // rapier gives witness1 and normal1 in the world, witness2
                                    // in the cast shape's frame at its pose of impact.
                                    engine_hit: hit.as_ref().map(|(_, h)| {
                                        let mut at_impact = start;
                                        at_impact.translation += shape_vel * h.time_of_impact;
                                        (
                                            h.time_of_impact,
                                            Some(format!("{:?}", h.status)),
                                            h.details.map(|d| {
                                                [d.normal1, d.witness1, at_impact * d.witness2]
                                            }),
                                        )
                                    }),
                                };
                                let label = format!("{target}");
                                let frame = self.frame.as_ref().map_or(0, |f| f.0);
                                match call.capture() {
                                    Ok(c) => c.write(&self.settings, frame, &label),
                                    Err(reason) => CaptureOutcome::Refused {
                                        what: format!("{ENGINE} cast against {target}"),
                                        reason,
                                    },
                                }
                            }
                            Err(reason) => CaptureOutcome::Refused {
                                what: format!("{ENGINE} cast against {target}"),
                                reason,
                            },
                        };
                        self.outcomes.write(outcome);
                    } else {
                        self.armed.misses += 1;
                    }
                }
                hit
            }
        }
    };
}

#[cfg(feature = "bevy_rapier3d")]
pub(crate) mod dim3 {
    rapier_capture!(bevy_rapier3d, dim3, "bevy_rapier3d", |p: Vec3, r: Quat| {
        Pose::from_parts(p, r)
    });
}

#[cfg(feature = "bevy_rapier2d")]
pub(crate) mod dim2 {
    rapier_capture!(
        bevy_rapier2d,
        dim2,
        "bevy_rapier2d",
        |p: Vec2, angle: f32| Pose::new(p, angle)
    );
}
