//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system"), as lichess rates its
//! players: the puzzles rate the player against each puzzle, the club its members against
//! each other. One rating period is one game (or one puzzle), as lichess does.
//!
//! ```
//! use hexstack_glicko::Rating;
//! let (ann, bo) = (Rating::default(), Rating::default());
//! let after = ann.after_one(bo, 1.0); // Ann beat Bo
//! assert!(after.rating > 1500.0 && after.deviation < ann.deviation);
//! assert_eq!(Rating::default().shown(), 1500);
//! ```

use std::f64::consts::PI;

/// The Glicko-2 scale's factor: a rating of 1500 ± 173.7178 is 0 ± 1 on it.
const SCALE: f64 = 173.7178;
/// How much the volatility may change (the system's τ): 0.5, as the paper's example.
pub const TAU: f64 = 0.5;
/// How close the volatility's iteration must come.
const EPSILON: f64 = 0.000_001;
/// The least deviation a player keeps, so that a long history still moves the rating.
pub const LEAST_DEVIATION: f64 = 45.0;

/// A rating, its deviation and its volatility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating itself: 1500 for a new player.
    pub rating: f64,
    /// How uncertain it is (one standard deviation, on the same scale).
    pub deviation: f64,
    /// How much the player's strength swings from period to period.
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player: 1500, very uncertain.
    fn default() -> Rating {
        Rating { rating: 1500.0, deviation: 350.0, volatility: 0.06 }
    }
}

/// A game's result for the player rated: 1 a win, 0 a loss, ½ a draw.
pub type Score = f64;

impl Rating {
    /// The rating after one rating period's games, each an opponent and the score
    /// against it (the paper's steps 2 to 8). No games: only the deviation grows.
    pub fn after(self, games: &[(Rating, Score)], tau: f64) -> Rating {
        let (mu, phi, sigma) = ((self.rating - 1500.0) / SCALE, self.deviation / SCALE, self.volatility);
        if games.is_empty() {
            let phi = (phi * phi + sigma * sigma).sqrt();
            return Rating { deviation: phi * SCALE, ..self };
        }
        let scaled = games.iter().map(|(other, score)| {
            let (mu_j, phi_j) = ((other.rating - 1500.0) / SCALE, other.deviation / SCALE);
            let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / (PI * PI)).sqrt();
            let expected = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
            (g, expected, *score)
        });
        let (mut info, mut sum) = (0.0, 0.0);
        for (g, expected, score) in scaled {
            info += g * g * expected * (1.0 - expected);
            sum += g * (score - expected);
        }
        let v = 1.0 / info;
        let delta = v * sum;
        let sigma = volatility(phi, sigma, v, delta, tau);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        Rating { rating: 1500.0 + SCALE * mu, deviation: SCALE * phi, volatility: sigma }
    }

    /// The rating after one game against `opponent` that scored `score`, with [`TAU`], its
    /// deviation kept at [`LEAST_DEVIATION`] or more.
    pub fn after_one(self, opponent: Rating, score: Score) -> Rating {
        let after = self.after(&[(opponent, score)], TAU);
        Rating { deviation: after.deviation.max(LEAST_DEVIATION), ..after }
    }

    /// The rating as shown: a whole number.
    pub fn shown(self) -> i64 {
        self.rating.round() as i64
    }
}

/// The new volatility (the paper's step 5, the Illinois algorithm).
fn volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        // Bounded: f rises to +∞ as x falls, so a few hundred steps of τ always find it.
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    for _ in 0..200 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            (big_a, f_a) = (big_b, f_b);
        } else {
            f_a /= 2.0;
        }
        (big_b, f_b) = (c, f_c);
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(rating: f64, deviation: f64) -> Rating {
        Rating { rating, deviation, volatility: 0.06 }
    }

    #[test]
    fn glickmans_worked_example_gives_the_papers_figures() {
        let player = rated(1500.0, 200.0);
        let games = [(rated(1400.0, 30.0), 1.0), (rated(1550.0, 100.0), 0.0), (rated(1700.0, 300.0), 0.0)];
        let after = player.after(&games, 0.5);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn one_game_moves_both_ways_and_the_deviation_keeps_its_floor() {
        let (ann, bo) = (Rating::default(), rated(1500.0, 350.0));
        assert!(ann.after_one(bo, 1.0).rating > 1500.0);
        assert!(ann.after_one(bo, 0.0).rating < 1500.0);
        assert!(
            (ann.after_one(bo, 0.5).rating - 1500.0).abs() < 0.001,
            "a draw between equals moves nothing"
        );
        let settled = rated(1500.0, 30.0);
        assert_eq!(settled.after_one(settled, 1.0).deviation, LEAST_DEVIATION);
    }
}
