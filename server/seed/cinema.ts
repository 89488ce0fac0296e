/** The demo museum's dome cinemas: the films they show and how each hall is built. */

export interface SeedFilm {
  key: string;
  name: [string, string];
  synopsis: [string, string];
  notes: [string, string];
  durationMin: number;
  /** A poster under public/films/. */
  poster: string;
  ageMin: number | null;
  ageMax: number | null;
}

export const FILMS: SeedFilm[] = [
  {
    key: 'universe',
    name: ['宇宙的奥秘', 'Secrets of the Universe'],
    synopsis: [
      '从大爆炸到星系的诞生，跟随光的旅程穿越 138 亿年，看见宇宙如何成为今天的样子。',
      'From the Big Bang to the birth of galaxies: follow light across 13.8 billion years and see how the universe became what it is.',
    ],
    notes: ['全片无对白，配有中英文字幕。', 'No dialogue; subtitles in Chinese and English.'],
    durationMin: 40,
    poster: '/films/universe.svg',
    ageMin: 3,
    ageMax: null,
  },
  {
    key: 'ocean',
    name: ['深海探秘', 'Into the Deep Sea'],
    synopsis: [
      '潜入一万米深的海沟，认识在黑暗与高压中生活的奇妙生物。',
      'Dive ten thousand metres into an ocean trench and meet the creatures that live in darkness and crushing pressure.',
    ],
    notes: ['部分画面较暗，幼儿请由家长陪同。', 'Some scenes are dark: young children stay with a parent.'],
    durationMin: 35,
    poster: '/films/ocean.svg',
    ageMin: 3,
    ageMax: null,
  },
  {
    key: 'dinosaurs',
    name: ['恐龙王国', 'Kingdom of the Dinosaurs'],
    synopsis: [
      '回到一亿年前的白垩纪，和化石猎人一起复原恐龙的生活。',
      "Back to the Cretaceous, a hundred million years ago, to rebuild the dinosaurs' lives with the fossil hunters.",
    ],
    notes: ['含巨响与震动座椅效果。', 'With loud sounds and moving-seat effects.'],
    durationMin: 30,
    poster: '/films/dinosaurs.svg',
    ageMin: 6,
    ageMax: null,
  },
];

/** A hall's rows from the front: `S` a seat, `X` a blocked seat, `_` an aisle (no seat). Seats
 * are numbered from the left in each row, blocked ones included (they carry a number plate). */
export type SeatLayout = string[];

/** Dome A: ten rows of 16 seats and a centre aisle; two seats kept for the camera and one
 * under repair. 157 seats to sell. */
export const DOME_A: SeatLayout = [
  ...Array.from({ length: 6 }, () => 'SSSSSSSS_SSSSSSSS'),
  'SSSSSSSX_XSSSSSSS',
  ...Array.from({ length: 2 }, () => 'SSSSSSSS_SSSSSSSS'),
  'SSSSSXSS_SSSSSSSS',
];

/** Dome B: a small dome, rows widening towards the back, no aisle. */
export const DOME_B: SeatLayout = ['__SSSSSS__', '_SSSSSSSS_', 'SSSSSSSSSS', 'SSSSSSSSSS', 'SSSSSSSSSS'];

/** A package: admission to `hall` and a film in `cinema`, one price in two parts (fen). */
export interface SeedPackage {
  key: string;
  name: [string, string];
  intro: [string, string];
  hall: string;
  cinema: string;
  admission: number;
  film: number;
}

export const PACKAGES: SeedPackage[] = [
  {
    key: 'dayAndDome',
    name: ['展馆+球幕影院套票', 'Exhibition and dome film'],
    intro: ['主展厅参观加一场球幕电影，比分开买省 15 元。', 'The main exhibition hall and a dome film: 15 yuan less than apart.'],
    hall: 'main',
    cinema: 'cinema',
    admission: 2500,
    film: 3000,
  },
];
