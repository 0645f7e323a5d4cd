//! Numbers and vectors as the sentences write them: about four significant digits, more
//! only where two numbers would otherwise read the same.

/// A short rendering of a vector for explanations.
pub fn fmt_vec(v: glam::DVec3) -> String {
    format!("({}, {}, {})", fmt_num(v.x), fmt_num(v.y), fmt_num(v.z))
}

/// [`fmt_vec`], with two components in the `plane`.
pub fn fmt_vec_in(v: glam::DVec3, plane: bool) -> String {
    if plane {
        format!("({}, {})", fmt_num(v.x), fmt_num(v.y))
    } else {
        fmt_vec(v)
    }
}

/// Two numbers with as many digits as it takes to tell them apart (four when that is
/// enough): "from 1.000e-4 to 1.000e-4" says nothing of which is larger.
pub fn fmt_apart(a: f64, b: f64) -> [String; 2] {
    let (fa, fb) = (fmt_num(a), fmt_num(b));
    if fa != fb || a == b {
        return [fa, fb];
    }
    (4..17)
        .map(|digits| [format!("{a:.digits$e}"), format!("{b:.digits$e}")])
        .find(|[x, y]| x != y)
        .unwrap_or([format!("{a:e}"), format!("{b:e}")])
}

/// A number with about four significant digits, in plain or scientific notation.
pub fn fmt_num(x: f64) -> String {
    if x == 0.0 {
        "0".to_string()
    } else if (1e-3..1e5).contains(&x.abs()) {
        // Four significant digits: 0.0019746 is 0.001975, not 0.002; 1234.56 is 1235.
        let decimals = (3 - x.abs().log10().floor() as i32).max(0) as usize;
        let s = format!("{x:.decimals$}");
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    } else {
        format!("{x:.3e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_that_differ_are_written_so_that_they_do() {
        assert_eq!(fmt_apart(1.5, 2.5), ["1.5", "2.5"]);
        let [a, b] = fmt_apart(1.0000000e-4, 1.0000004e-4);
        assert_ne!(a, b);
        assert_eq!([a.as_str(), b.as_str()], ["1.0000000e-4", "1.0000004e-4"]);
        assert_eq!(fmt_apart(0.25, 0.25), ["0.25", "0.25"]);
    }

    #[test]
    fn numbers_keep_four_significant_digits_whatever_their_size() {
        for (x, written) in [
            (0.0019746, "0.001975"),
            (0.0019921, "0.001992"),
            (0.05678, "0.05678"),
            (8.91174, "8.912"),
            (-8.91174, "-8.912"),
            (1234.56, "1235"),
            (1.5, "1.5"),
            (2.0, "2"),
            (4.2e-4, "4.200e-4"),
        ] {
            assert_eq!(fmt_num(x), written, "{x}");
        }
    }
}
