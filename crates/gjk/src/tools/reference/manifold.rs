//! parry's contact manifold for the same pair (`query::contact_manifolds`), beside ours: its
//! normal and its points, in the world, with each point's depth, as a [`Manifold`] (deepest
//! first, as ours), so that both are read the same way.

use super::{SharedShape, parry_pose, parry_shape_of, plane};
use crate::manifold::{ContactPoint, Manifold};
use crate::scenario::Scenario;
use glam::DVec3;
use parry3d_f64::math::Pose;

/// parry's `contact_manifolds` for a posed pair in `$parry` (one API, two crates), its points
/// and normal taken to the world by `$world`.
macro_rules! parry_manifold {
    ($parry:ident, ($pa:expr, $sa:expr), ($pb:expr, $sb:expr), $world:expr) => {{
        use $parry::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
        let world = $world;
        let mut manifolds: Vec<ContactManifold<(), ()>> = Vec::new();
        DefaultQueryDispatcher
            .contact_manifolds(
                &$pa.inv_mul(&$pb),
                &*$sa.0,
                &*$sb.0,
                0.0,
                &mut manifolds,
                &mut None,
            )
            .map_err(|e| format!("parry: {e:?}"))?;
        Ok(manifolds
            .into_iter()
            .find(|m| !m.points.is_empty())
            .map(|m| {
                let mut points: Vec<ContactPoint> = m
                    .points
                    .iter()
                    .map(|c| ContactPoint {
                        point_a: world($pa.transform_point(c.local_p1)),
                        point_b: world($pb.transform_point(c.local_p2)),
                        depth: -c.dist,
                    })
                    .collect();
                points.sort_by(|p, q| q.depth.total_cmp(&p.depth));
                Manifold {
                    normal: world($pa.rotation * m.local_n1),
                    points,
                }
            }))
    }};
}

/// parry's manifold for a scenario's pair (parry2d-f64 in the plane, parry3d-f64 in space), with
/// no prediction: only contacts at or inside touching; `None` when it finds no contact.
pub fn reference_manifold(s: &Scenario) -> Result<Option<Manifold>, String> {
    if s.dimension.is_plane() {
        let shape = |b, name: &str| {
            plane::parry_shape(b).ok_or_else(|| format!("parry2d cannot take {name}'s shape"))
        };
        let (sa, sb) = (shape(&s.a, "A")?, shape(&s.b, "B")?);
        let (pa, pb) = (plane::parry_pose(&s.a), plane::parry_pose(&s.b));
        parry_manifold!(
            parry2d_f64,
            (pa, sa),
            (pb, sb),
            |p: parry2d_f64::math::Vector| { DVec3::new(p.x, p.y, 0.0) }
        )
    } else {
        let (sa, sb) = (parry_shape_of(&s.a, "A")?, parry_shape_of(&s.b, "B")?);
        let (pa, pb) = (parry_pose(&s.a), parry_pose(&s.b));
        reference_manifold_posed((&pa, &sa), (&pb, &sb))
    }
}

/// [`reference_manifold`] in space, for shapes already in parry3d-f64 (a caller that keeps
/// them: a large hull takes parry long to build).
pub fn reference_manifold_posed(
    (pa, sa): (&Pose, &SharedShape),
    (pb, sb): (&Pose, &SharedShape),
) -> Result<Option<Manifold>, String> {
    parry_manifold!(
        parry3d_f64,
        (pa, sa),
        (pb, sb),
        |p: parry3d_f64::math::Vector| { DVec3::new(p.x, p.y, p.z) }
    )
}
