//! Where each label of a view goes, so that no two labels overlap and none covers a point.
//!
//! A small greedy layout, the way map labelling does it: labels are taken in order of
//! importance; each tries a ring of candidate spots around its point (the four corners first,
//! then the sides), then wider rings reached by a leader line; the first spot that stays inside
//! the view and clear of every placed label and every marked point wins. A label with no free
//! spot is left out — a missing label is better than a pile of them.

use bevy_egui::egui::{Pos2, Rect, Vec2, pos2, vec2};

/// A label to place: the screen point it names and the size of its text.
#[derive(Debug, Clone, Copy)]
pub struct Wanted {
    pub anchor: Pos2,
    pub size: Vec2,
}

/// Where a label went: its text's rectangle, and whether it is far enough from its point to
/// need a leader line back to it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spot {
    pub rect: Rect,
    pub leader: bool,
}

/// The gap between a point and its label on the first ring, in points.
const GAP: f32 = 5.0;
/// Half the side of the square kept clear around every labelled point.
const DOT: f32 = 4.0;

/// The candidate rectangles around `anchor`: ring 0 touches the point; rings 1 and 2 stand
/// further off (by a label's height each) and are joined to it by a leader.
fn candidates(anchor: Pos2, size: Vec2) -> impl Iterator<Item = (Rect, bool)> {
    // Directions in order of preference: up-right (the habit of hand-lettered figures), the
    // other corners, then straight right, left, up and down.
    const SIDES: [(f32, f32); 8] = [
        (1.0, -1.0),
        (1.0, 1.0),
        (-1.0, -1.0),
        (-1.0, 1.0),
        (1.0, 0.0),
        (-1.0, 0.0),
        (0.0, -1.0),
        (0.0, 1.0),
    ];
    (0..3).flat_map(move |ring| {
        let gap = GAP + ring as f32 * (size.y + GAP);
        SIDES.into_iter().map(move |(sx, sy)| {
            // The corner of the text nearest the point sits `gap` away from it along the side.
            let centre = pos2(
                anchor.x + sx * (gap + size.x / 2.0),
                anchor.y + sy * (gap + size.y / 2.0),
            );
            (Rect::from_center_size(centre, size), ring > 0)
        })
    })
}

/// Places `wanted` (most important first) inside `bounds`, clear of `obstacles` (a view's
/// title, say), of each other and of every label's point, and where it can, off the drawn
/// `lines` (the plane's region boundaries): a label with no spot clear of them takes one that
/// crosses a line rather than none. `None` for a label that found no free spot.
pub fn place(
    wanted: &[Wanted],
    bounds: Rect,
    obstacles: &[Rect],
    lines: &[[Pos2; 2]],
) -> Vec<Option<Spot>> {
    let dots: Vec<Rect> = wanted
        .iter()
        .map(|w| Rect::from_center_size(w.anchor, vec2(2.0 * DOT, 2.0 * DOT)))
        .collect();
    let mut taken: Vec<Rect> = obstacles.to_vec();
    // The leader lines drawn so far: no later label may sit on one.
    let mut leaders: Vec<[Pos2; 2]> = Vec::new();
    wanted
        .iter()
        .map(|w| {
            if !bounds.contains(w.anchor) {
                return None;
            }
            let free = |r: &Rect, leader: bool| {
                let line = [w.anchor, nearest_on(*r, w.anchor)];
                // A leader crosses no other label on its way.
                let leader_blocked = leader && taken.iter().any(|t| crosses(*t, line[0], line[1]));
                bounds.contains_rect(*r)
                    && !taken.iter().any(|t| t.intersects(*r))
                    && !dots.iter().any(|d| d.intersects(*r))
                    && !leaders.iter().any(|&[p, q]| crosses(*r, p, q))
                    && !leader_blocked
            };
            let off_lines = |r: &Rect| !lines.iter().any(|&[p, q]| crosses(*r, p, q));
            let (rect, leader) = candidates(w.anchor, w.size)
                .find(|&(r, l)| free(&r, l) && off_lines(&r))
                .or_else(|| candidates(w.anchor, w.size).find(|&(r, l)| free(&r, l)))?;
            taken.push(rect);
            if leader {
                leaders.push([w.anchor, nearest_on(rect, w.anchor)]);
            }
            Some(Spot { rect, leader })
        })
        .collect()
}

/// Whether the segment `p q` meets `rect` (Liang–Barsky: clip the segment's parameter range
/// by each of the rectangle's four sides; what is left is where it runs inside).
pub fn crosses(rect: Rect, p: Pos2, q: Pos2) -> bool {
    let d = q - p;
    let (mut from, mut to) = (0.0_f32, 1.0_f32);
    for (step, room) in [
        (-d.x, p.x - rect.min.x),
        (d.x, rect.max.x - p.x),
        (-d.y, p.y - rect.min.y),
        (d.y, rect.max.y - p.y),
    ] {
        if step == 0.0 {
            if room < 0.0 {
                return false;
            }
        } else {
            let t = room / step;
            if step < 0.0 {
                from = from.max(t);
            } else {
                to = to.min(t);
            }
        }
    }
    from <= to
}

/// The point of `rect`'s edge nearest `p`: where a leader line from `p` meets its label.
pub fn nearest_on(rect: Rect, p: Pos2) -> Pos2 {
    rect.clamp(p)
}
