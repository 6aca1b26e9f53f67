//! The rules pages' content: each page's name (its texts are `rules.GAME.NAME.title`,
//! `.text`, and `.1`, `.2` ... for each scene in `assets/lang`), and its scenes: a position,
//! what it lights up, and the turn it shows. What is lit is asked of the engine when drawn.

use crate::rules::GameKind;

/// What a scene lights up, asked of the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Show {
    /// These cells, to look at.
    Cells(&'static [&'static str]),
    /// The stack or piece that moves or captures in the scene.
    Mover(&'static str),
    /// The cell and its neighbours.
    Neighbours(&'static str),
    /// The group of the stack on the cell (Clamber).
    Group(&'static str),
    /// The sub-group of the stack on the cell (Clamber).
    SubGroup(&'static str),
    /// What capturing this stack would remove: the rest of its sub-group (Clamber).
    Removed(&'static str),
    /// Where the stack or the top piece on the cell may go or capture, on its owner's turn.
    Targets(&'static str),
    /// The equal captures only, as in the middle of a chain (Clamber).
    EqualTargets(&'static str),
}

/// One board of a page, with what it lights up and, if any, the turn it shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Scene {
    pub position: &'static str,
    pub shows: &'static [Show],
    /// The turn this scene shows; the next scene, if there is one, is the board after it.
    pub turn: Option<&'static str>,
    /// A chain under way (Clamber): the position its turn started from and the captures so
    /// far. The scene's position is that start with those captures made, and trying the
    /// scene continues the chain.
    pub chain: Option<(&'static str, &'static str)>,
}

/// A page: a name and its scenes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Page {
    pub name: &'static str,
    pub scenes: &'static [Scene],
}

const fn scene(position: &'static str, shows: &'static [Show], turn: Option<&'static str>) -> Scene {
    Scene { position, shows, turn, chain: None }
}

/// A scene in the middle of a chain that started from `start` with the captures `so_far`.
const fn mid_chain(
    start: &'static str,
    so_far: &'static str,
    position: &'static str,
    shows: &'static [Show],
    turn: Option<&'static str>,
) -> Scene {
    Scene { position, shows, turn, chain: Some((start, so_far)) }
}

const CHAIN_START: &str = "3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3";

pub const CLAMBER_PAGES: &[Page] = &[
    Page { name: "board", scenes: &[scene("3/b/-", &[Show::Neighbours("C3")], None)] },
    Page { name: "objective", scenes: &[scene("3/r/B2=b2,C3=b3,D4=b4", &[], None)] },
    Page {
        name: "stacks",
        scenes: &[scene("3/b/A1=b1,B3=r1,C3=b2,D4=r3,E3=b12", &[Show::Cells(&["A1", "B3"])], None)],
    },
    Page {
        name: "groups",
        scenes: &[
            scene("3/b/A3=b1,B2=b2,C3=b1,D3=b2,D4=b2,D2=r1,E5=r2", &[Show::Group("D3")], None),
            scene(
                "3/b/A3=b1,B2=b2,C3=b1,D3=b2,D4=b2,D2=r1,E5=r2",
                &[Show::Group("D3"), Show::SubGroup("D3")],
                None,
            ),
        ],
    },
    Page {
        name: "placement",
        scenes: &[scene("3/b/C3=r1", &[], Some("A1")), scene("3/r/A1=b1,C3=r1", &[], None)],
    },
    Page {
        name: "lower",
        scenes: &[
            scene(
                "3/r/C3=r3,D3=b1,D4=b1,E4=b1,E3=b2",
                &[Show::Mover("C3"), Show::Targets("C3"), Show::Removed("D3")],
                Some("C3xD3"),
            ),
            scene("3/b/C3=r3,D3=r2,E3=b2", &[Show::Cells(&["C3", "D3"])], None),
        ],
    },
    Page {
        name: "equal",
        scenes: &[
            scene(
                CHAIN_START,
                &[Show::Mover("B2"), Show::Group("C4"), Show::EqualTargets("B2"), Show::Removed("C4")],
                Some("B2xC4"),
            ),
            mid_chain(
                CHAIN_START,
                "B2xC4",
                "3/b/B2=b2,B3=r1,C4=b3,D5=r1,E4=r3,E5=r3",
                &[Show::Mover("C4"), Show::EqualTargets("C4"), Show::Removed("E5")],
                Some("C4xE5"),
            ),
            scene("3/r/B2=b2,B3=r1,C4=b3,D5=r1,E5=b4", &[Show::Cells(&["B2", "C4", "E5"])], None),
        ],
    },
    Page {
        name: "mix",
        scenes: &[scene("3/b/C3=b2,D3=r1,B2=r2,E5=r2", &[Show::Mover("C3"), Show::Targets("C3")], None)],
    },
    Page {
        name: "skip",
        scenes: &[scene(
            "2/b/A1=b1,A2=b1,B1=b1,B2=r3,B3=b1,C2=b1,C3=b1",
            &[Show::Mover("B2"), Show::Targets("B2")],
            None,
        )],
    },
    Page {
        name: "winning",
        scenes: &[
            scene("3/b/B2=b2,C3=r2,D4=r3,E4=r3", &[Show::Mover("B2"), Show::Targets("B2")], Some("B2xC3xD4")),
            scene("3/r/B2=b2,C3=b3,D4=b4", &[], None),
        ],
    },
    Page { name: "choices", scenes: &[scene("4/b/-", &[], None)] },
];

const OMBAGUI_START: &str =
    "r/A1=rL.rM.rD,B1=rL.rM.rD,C1=rL.rM.rD,D1=rL.rM.rD,D7=bL.bM.bD,E7=bL.bM.bD,F7=bL.bM.bD,G7=bL.bM.bD";

pub const OMBAGUI_PAGES: &[Page] = &[
    Page {
        name: "board",
        scenes: &[scene(
            OMBAGUI_START,
            &[Show::Cells(&["A1", "B1", "C1", "D1", "D7", "E7", "F7", "G7"])],
            None,
        )],
    },
    Page {
        name: "moves",
        scenes: &[
            scene("r/D4=rL", &[Show::Mover("D4"), Show::Targets("D4")], None),
            scene("r/D4=rM", &[Show::Mover("D4"), Show::Targets("D4")], None),
            scene("r/D4=rD", &[Show::Mover("D4"), Show::Targets("D4")], None),
        ],
    },
    Page { name: "blocked", scenes: &[scene("r/D4=rD,D5=bL", &[Show::Targets("D4")], Some("D4-D5"))] },
    Page {
        name: "stacking",
        scenes: &[
            scene("r/B2=rL,C2=rM,D2=rD,B4=rL.rM,C4=rL.rD,D4=rM.rD,E4=rL.rM.rD", &[], None),
            scene("r/D1=rD,D4=bL.bM,A1=bL", &[Show::Targets("D1")], Some("D1-D4")),
            scene("b/A1=bL,D4=bL.bM.rD", &[Show::Cells(&["D4"])], None),
        ],
    },
    Page {
        name: "jumps",
        scenes: &[
            scene("r/D2=rL,D3=bL.bM.bD,E5=rL.rM.rD,A1=bM", &[Show::Targets("D2")], Some("D2-F6")),
            scene("b/A1=bM,D3=bL.bM.bD,E5=rL.rM.rD,F6=rL", &[Show::Cells(&["F6"])], None),
        ],
    },
    Page { name: "covering", scenes: &[scene("b/D4=bL.rM,A1=rD", &[Show::Cells(&["D4"])], None)] },
    Page {
        name: "goal",
        scenes: &[
            scene(
                "r/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM,D4=rD,A1=bL",
                &[Show::Targets("D4")],
                Some("D4-G7"),
            ),
            scene("b/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD,A1=bL", &[], None),
        ],
    },
    Page {
        name: "choices",
        scenes: &[scene(
            "r/D4=rM,C3=bD,C4=bD,D3=bD,E4=bD,E5=rD,C5=rD,D6=rD,E6=rD",
            &[Show::Mover("D4")],
            None,
        )],
    },
];

/// The pages of `game`'s rules.
pub fn pages(game: GameKind) -> &'static [Page] {
    match game {
        GameKind::Clamber => CLAMBER_PAGES,
        GameKind::Ombagui => OMBAGUI_PAGES,
    }
}
