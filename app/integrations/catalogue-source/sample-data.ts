/**
 * What the simulated catalogue source is made of: categories with their part names and
 * manufacturers, each manufacturer's code shape, vehicle makers' OE number shapes, and model
 * versions sold in Brazil. Pure data; simulator.server.ts draws items from it.
 */

export type CatalogueCategory = {
  name: string;
  parts: readonly string[];
  manufacturers: readonly string[];
  /** Where a part of this category is fitted; empty when it does not matter. */
  positions: readonly string[];
  details: readonly string[];
};

export const CATEGORIES: readonly CatalogueCategory[] = [
  {
    name: "Freios",
    parts: [
      "Pastilha de freio",
      "Disco de freio",
      "Sapata de freio",
      "Cilindro de roda",
      "Flexível de freio",
    ],
    manufacturers: ["Bosch", "TRW", "Fras-le", "Cobreq"],
    positions: ["Dianteiro", "Traseiro"],
    details: [
      "composto cerâmico, baixo ruído",
      "com sensor de desgaste",
      "linha leve, padrão original",
    ],
  },
  {
    name: "Suspensão",
    parts: [
      "Amortecedor",
      "Bandeja de suspensão",
      "Pivô de suspensão",
      "Bieleta",
      "Kit batente e coifa",
      "Coxim do amortecedor",
    ],
    manufacturers: ["Cofap", "Monroe", "Nakata", "TRW"],
    positions: ["Dianteiro", "Traseiro"],
    details: [
      "a gás, uso urbano",
      "reforçado para pisos irregulares",
      "padrão original de montadora",
    ],
  },
  {
    name: "Filtros",
    parts: ["Filtro de óleo", "Filtro de ar do motor", "Filtro de combustível", "Filtro de cabine"],
    manufacturers: ["Mahle", "Bosch", "Tecfil", "Fram"],
    positions: [],
    details: ["elemento de celulose", "elemento sintético de alta retenção", "com carvão ativado"],
  },
  {
    name: "Ignição",
    parts: ["Vela de ignição", "Bobina de ignição", "Cabo de vela"],
    manufacturers: ["NGK", "Bosch", "Magneti Marelli"],
    positions: [],
    details: ["eletrodo de irídio", "eletrodo de níquel", "jogo com 4 unidades"],
  },
  {
    name: "Arrefecimento",
    parts: [
      "Bomba d'água",
      "Válvula termostática",
      "Radiador",
      "Reservatório de expansão",
      "Mangueira do radiador",
    ],
    manufacturers: ["Valeo", "Mahle", "Urba"],
    positions: [],
    details: ["com junta de vedação", "colmeia de alumínio", "com sensor de temperatura"],
  },
  {
    name: "Embreagem",
    parts: [
      "Kit de embreagem",
      "Atuador hidráulico",
      "Cabo de embreagem",
      "Rolamento de embreagem",
    ],
    manufacturers: ["Valeo", "LuK", "Sachs"],
    positions: [],
    details: ["platô, disco e rolamento", "para uso severo", "padrão original de montadora"],
  },
  {
    name: "Motor",
    parts: [
      "Correia dentada",
      "Tensor da correia",
      "Junta do cabeçote",
      "Retentor do virabrequim",
      "Coxim do motor",
    ],
    manufacturers: ["Sabó", "Mahle", "Gates", "SKF"],
    positions: [],
    details: ["troca recomendada a cada 50.000 km", "em borracha nitrílica", "kit com tensor"],
  },
  {
    name: "Elétrica",
    parts: [
      "Alternador",
      "Motor de partida",
      "Sensor de rotação",
      "Bomba de combustível",
      "Sonda lambda",
    ],
    manufacturers: ["Bosch", "Valeo", "Magneti Marelli", "NGK"],
    positions: [],
    details: ["12 V", "remanufaturado com garantia", "conector original"],
  },
  {
    name: "Direção",
    parts: [
      "Terminal de direção",
      "Barra axial",
      "Bomba de direção hidráulica",
      "Caixa de direção",
    ],
    manufacturers: ["TRW", "Nakata", "Viemar"],
    positions: [],
    details: ["com porca autotravante", "lado esquerdo ou direito", "para direção hidráulica"],
  },
  {
    name: "Transmissão",
    parts: ["Junta homocinética", "Trizeta", "Coxim do câmbio", "Rolamento de roda", "Semieixo"],
    manufacturers: ["SKF", "Nakata", "Sabó"],
    positions: [],
    details: ["lado roda", "lado câmbio", "com coifa e abraçadeiras"],
  },
];

/** Each manufacturer's code shape around a 7-digit number. */
export const MANUFACTURER_CODES: Record<string, (digits: string) => string> = {
  Bosch: (d) => `0 986 ${d.slice(0, 3)} ${d.slice(3)}`,
  TRW: (d) => `GDB${d}`,
  "Fras-le": (d) => `PD/${d}`,
  Cobreq: (d) => `N-${d}`,
  Cofap: (d) => `GB${d}`,
  Monroe: (d) => `SP${d}`,
  Nakata: (d) => `HG ${d}`,
  Mahle: (d) => `ML ${d}`,
  Tecfil: (d) => `PSL${d}`,
  Fram: (d) => `PH${d}`,
  NGK: (d) => `NGK ${d}`,
  "Magneti Marelli": (d) => `MM${d}`,
  Valeo: (d) => `VL${d}`,
  Urba: (d) => `UB${d}`,
  LuK: (d) => `LK ${d}`,
  Sachs: (d) => `SX${d}`,
  Sabó: (d) => `SB${d}`,
  Gates: (d) => `GT${d}`,
  SKF: (d) => `VKM ${d}`,
  Viemar: (d) => `VM${d}`,
};

/**
 * Original-equipment part number shapes by vehicle maker: `#` a digit, `@` a letter. None has the
 * shape of a manufacturer code above, so an item's OE code never equals its own code.
 */
export const OE_PATTERNS: Record<string, readonly string[]> = {
  Volkswagen: ["5U0 ### ###@", "6R0 ### ###", "2G0 ### ###@"],
  Fiat: ["5#######", "55######"],
  Chevrolet: ["52######", "93######", "94######"],
  Ford: ["@@@@-#####-@@", "@@@@-####-@"],
  Renault: ["#########R", "82########"],
  Hyundai: ["#####-#@@##"],
  Toyota: ["#####-0@###", "#####-#####"],
  Honda: ["#####-@#@-@##"],
  BYD: ["@@#-#######"],
};

type Fuel = "Gasolina" | "Flex" | "Diesel" | "Etanol" | "Elétrico" | "Híbrido";

type VersionRow = readonly [
  brand: string,
  model: string,
  version: string,
  engine: string | null,
  fuel: Fuel,
  firstYear: number,
  lastYear: number,
];

/** Model versions sold in Brazil, brand by brand, so neighbouring rows share a maker. */
const VERSION_ROWS: readonly VersionRow[] = [
  ["Volkswagen", "Gol", "1.0 MI", "AT 1.0 8V", "Gasolina", 1997, 2005],
  ["Volkswagen", "Gol", "1.6 MI", "AP 1.6 8V", "Etanol", 1997, 2002],
  ["Volkswagen", "Gol", "1.0 Total Flex", "EA111 1.0 8V", "Flex", 2005, 2016],
  ["Volkswagen", "Gol", "1.6 Power", "EA111 1.6 8V", "Flex", 2006, 2016],
  ["Volkswagen", "Gol", "1.0 MPI", "EA211 1.0 12V", "Flex", 2017, 2023],
  ["Volkswagen", "Gol", "1.6 16V Flex", "EA211 1.6 16V", "Flex", 2017, 2023],
  ["Volkswagen", "Polo", "1.6 8V", "EA111 1.6 8V", "Flex", 2003, 2014],
  ["Volkswagen", "Polo", "1.0 MPI", "EA211 1.0 12V", "Flex", 2018, 2025],
  ["Volkswagen", "Polo", "200 TSI", "EA211 1.0 12V TSI", "Flex", 2018, 2025],
  ["Volkswagen", "Polo", "GTS 250 TSI", "EA211 1.4 16V TSI", "Flex", 2020, 2025],
  ["Volkswagen", "Virtus", "1.6 MSI", "EA211 1.6 16V", "Flex", 2018, 2022],
  ["Volkswagen", "Virtus", "200 TSI", "EA211 1.0 12V TSI", "Flex", 2018, 2025],
  ["Volkswagen", "Virtus", "Exclusive 250 TSI", "EA211 1.4 16V TSI", "Flex", 2023, 2025],
  ["Volkswagen", "Saveiro", "1.6 CS", "AP 1.6 8V", "Gasolina", 1998, 2005],
  ["Volkswagen", "Saveiro", "1.6 Total Flex", "EA111 1.6 8V", "Flex", 2006, 2016],
  ["Volkswagen", "Saveiro", "Robust 1.6 MSI", "EA211 1.6 16V", "Flex", 2017, 2025],
  ["Volkswagen", "Fox", "1.0 Total Flex", "EA111 1.0 8V", "Flex", 2004, 2014],
  ["Volkswagen", "Fox", "1.6 MSI", "EA211 1.6 16V", "Flex", 2015, 2021],
  ["Fiat", "Uno", "Mille 1.0 Fire", "Fire 1.0 8V", "Gasolina", 2001, 2005],
  ["Fiat", "Uno", "Mille Economy 1.0", "Fire 1.0 8V", "Flex", 2006, 2013],
  ["Fiat", "Uno", "Vivace 1.0", "Fire Evo 1.0 8V", "Flex", 2011, 2016],
  ["Fiat", "Uno", "Drive 1.0 Firefly", "Firefly 1.0 6V", "Flex", 2017, 2021],
  ["Fiat", "Palio", "EX 1.0", "Fiasa 1.0 8V", "Gasolina", 1996, 2000],
  ["Fiat", "Palio", "ELX 1.0 Fire", "Fire 1.0 8V", "Flex", 2004, 2011],
  ["Fiat", "Palio", "Attractive 1.4", "Fire Evo 1.4 8V", "Flex", 2012, 2017],
  ["Fiat", "Argo", "Drive 1.0", "Firefly 1.0 6V", "Flex", 2018, 2025],
  ["Fiat", "Argo", "Drive 1.3", "Firefly 1.3 8V", "Flex", 2018, 2025],
  ["Fiat", "Argo", "HGT 1.8", "E.torQ 1.8 16V", "Flex", 2018, 2020],
  ["Fiat", "Strada", "Working 1.5", "Fiasa 1.5 8V", "Gasolina", 1998, 2003],
  ["Fiat", "Strada", "Working 1.4", "Fire Evo 1.4 8V", "Flex", 2010, 2020],
  ["Fiat", "Strada", "Endurance 1.4", "Fire Evo 1.4 8V", "Flex", 2021, 2025],
  ["Fiat", "Strada", "Volcano 1.3", "Firefly 1.3 8V", "Flex", 2021, 2025],
  ["Fiat", "Toro", "Freedom 1.8", "E.torQ 1.8 16V", "Flex", 2016, 2021],
  ["Fiat", "Toro", "Volcano 2.0 Diesel 4x4", "MultiJet 2.0 16V Turbo", "Diesel", 2016, 2025],
  ["Fiat", "Toro", "Ultra 1.3 T270", "T270 1.3 16V Turbo", "Flex", 2022, 2025],
  ["Chevrolet", "Corsa", "Wind 1.0", "1.0 8V MPFI", "Gasolina", 1995, 2002],
  ["Chevrolet", "Corsa", "Classic 1.0 VHC", "VHC 1.0 8V", "Flex", 2005, 2016],
  ["Chevrolet", "Celta", "Super 1.0", "VHC 1.0 8V", "Gasolina", 2001, 2005],
  ["Chevrolet", "Celta", "Life 1.0", "VHC 1.0 8V", "Flex", 2006, 2015],
  ["Chevrolet", "Onix", "LT 1.0", "SPE/4 1.0 8V", "Flex", 2013, 2019],
  ["Chevrolet", "Onix", "LTZ 1.4", "SPE/4 1.4 8V", "Flex", 2013, 2019],
  ["Chevrolet", "Onix", "1.0 LT", "CSS 1.0 12V", "Flex", 2020, 2025],
  ["Chevrolet", "Onix", "Premier 1.0 Turbo", "CSS 1.0 12V Turbo", "Flex", 2020, 2025],
  ["Chevrolet", "Prisma", "Joy 1.0", "SPE/4 1.0 8V", "Flex", 2013, 2019],
  ["Chevrolet", "Prisma", "LT 1.4", "SPE/4 1.4 8V", "Flex", 2007, 2019],
  ["Chevrolet", "S10", "Colina 2.8 Diesel", "MWM 2.8 Turbo", "Diesel", 2001, 2011],
  ["Chevrolet", "S10", "Advantage 2.4", "Flexpower 2.4 8V", "Flex", 2008, 2012],
  ["Chevrolet", "S10", "LT 2.5 Ecotec", "Ecotec 2.5 16V", "Flex", 2013, 2024],
  ["Chevrolet", "S10", "LTZ 2.8 4x4", "Duramax 2.8 16V Turbo", "Diesel", 2012, 2025],
  ["Ford", "Ka", "GL 1.0", "Endura 1.0 8V", "Gasolina", 1997, 2001],
  ["Ford", "Ka", "1.0 Flex", "Zetec Rocam 1.0 8V", "Flex", 2008, 2013],
  ["Ford", "Ka", "SE 1.0", "Ti-VCT 1.0 12V", "Flex", 2015, 2021],
  ["Ford", "Ka", "SE 1.5", "Dragon 1.5 12V", "Flex", 2019, 2021],
  ["Ford", "Fiesta", "Street 1.0", "Zetec Rocam 1.0 8V", "Gasolina", 2002, 2006],
  ["Ford", "Fiesta", "Class 1.6", "Zetec Rocam 1.6 8V", "Flex", 2007, 2014],
  ["Ford", "Fiesta", "SE 1.6 16V", "Sigma 1.6 16V", "Flex", 2014, 2019],
  ["Ford", "EcoSport", "XLS 1.6", "Zetec Rocam 1.6 8V", "Flex", 2004, 2012],
  ["Ford", "EcoSport", "Freestyle 1.5", "Dragon 1.5 12V", "Flex", 2018, 2021],
  ["Ford", "Ranger", "XL 2.8 Diesel", "Power Stroke 2.8 Turbo", "Diesel", 2002, 2004],
  ["Ford", "Ranger", "XL 2.5 Flex", "Duratec 2.5 16V", "Flex", 2013, 2019],
  ["Ford", "Ranger", "XLS 2.2 4x4", "Duratorq 2.2 16V Turbo", "Diesel", 2013, 2025],
  ["Ford", "Ranger", "Limited 3.2 4x4", "Duratorq 3.2 20V Turbo", "Diesel", 2013, 2023],
  ["Renault", "Sandero", "Expression 1.0 16V", "D4D 1.0 16V", "Flex", 2008, 2014],
  ["Renault", "Sandero", "Expression 1.0 SCe", "SCe 1.0 12V", "Flex", 2017, 2022],
  ["Renault", "Sandero", "Stepway 1.6", "SCe 1.6 16V", "Flex", 2016, 2025],
  ["Renault", "Logan", "Authentique 1.0 16V", "D4D 1.0 16V", "Flex", 2008, 2013],
  ["Renault", "Logan", "Zen 1.6 CVT", "SCe 1.6 16V", "Flex", 2020, 2023],
  ["Renault", "Duster", "Dynamique 1.6", "K4M 1.6 16V", "Flex", 2012, 2016],
  ["Renault", "Duster", "Dynamique 2.0 4x4", "F4R 2.0 16V", "Flex", 2012, 2020],
  ["Renault", "Duster", "Iconic 1.3 Turbo", "TCe 1.3 16V Turbo", "Flex", 2022, 2025],
  ["Renault", "Kwid", "Zen 1.0", "SCe 1.0 12V", "Flex", 2018, 2025],
  ["Renault", "Kwid", "E-Tech", null, "Elétrico", 2022, 2025],
  ["Hyundai", "HB20", "Comfort 1.0", "Kappa 1.0 12V", "Flex", 2013, 2025],
  ["Hyundai", "HB20", "Premium 1.6", "Gamma 1.6 16V", "Flex", 2013, 2019],
  ["Hyundai", "HB20", "Platinum 1.0 TGDI", "Kappa 1.0 12V Turbo", "Flex", 2020, 2025],
  ["Hyundai", "Creta", "Pulse 1.6", "Gamma 1.6 16V", "Flex", 2017, 2021],
  ["Hyundai", "Creta", "Prestige 2.0", "Nu 2.0 16V", "Flex", 2017, 2021],
  ["Hyundai", "Creta", "Limited 1.0 TGDI", "Kappa 1.0 12V Turbo", "Flex", 2022, 2025],
  ["Toyota", "Corolla", "XEi 1.8", "1ZZ-FE 1.8 16V", "Gasolina", 1998, 2008],
  ["Toyota", "Corolla", "XEi 2.0", "3ZR-FFE 2.0 16V", "Flex", 2010, 2019],
  ["Toyota", "Corolla", "GLi 2.0 CVT", "M20A 2.0 16V", "Flex", 2020, 2025],
  ["Toyota", "Corolla", "Altis Hybrid", "2ZR-FXE 1.8 16V", "Híbrido", 2020, 2025],
  ["Toyota", "Hilux", "DX 2.8 Diesel", "3L 2.8 8V Diesel", "Diesel", 1995, 2004],
  ["Toyota", "Hilux", "SR 2.5 4x4", "2KD 2.5 Turbo Diesel", "Diesel", 2005, 2015],
  ["Toyota", "Hilux", "SRV 3.0 4x4", "1KD 3.0 Turbo Diesel", "Diesel", 2005, 2015],
  ["Toyota", "Hilux", "SR 2.7 Flex", "2TR 2.7 16V", "Flex", 2016, 2025],
  ["Toyota", "Hilux", "SRX 2.8 4x4", "1GD 2.8 16V Turbo Diesel", "Diesel", 2016, 2025],
  ["Toyota", "Etios", "X 1.3", "1NR 1.3 16V", "Flex", 2013, 2021],
  ["Toyota", "Etios", "XLS 1.5", "2NR 1.5 16V", "Flex", 2013, 2021],
  ["Honda", "Civic", "LX 1.6", "D16 1.6 16V", "Gasolina", 1997, 2000],
  ["Honda", "Civic", "LXS 1.8", "R18 1.8 16V", "Flex", 2007, 2016],
  ["Honda", "Civic", "EXL 2.0", "R20 2.0 16V", "Flex", 2014, 2021],
  ["Honda", "Civic", "Touring 1.5 Turbo", "L15 1.5 16V Turbo", "Gasolina", 2017, 2021],
  ["Honda", "Fit", "LX 1.4", "L13 1.4 8V", "Gasolina", 2003, 2008],
  ["Honda", "Fit", "EX 1.5", "L15 1.5 16V", "Flex", 2009, 2021],
  ["Honda", "HR-V", "EX 1.8 CVT", "R18 1.8 16V", "Flex", 2015, 2022],
  ["Honda", "HR-V", "Touring 1.5 Turbo", "L15 1.5 16V Turbo", "Gasolina", 2023, 2025],
  ["BYD", "Dolphin", "GS", null, "Elétrico", 2023, 2025],
];

export type CatalogueVersion = {
  brand: string;
  model: string;
  version: string;
  engine: string | null;
  fuel: Fuel;
  firstYear: number;
  lastYear: number;
};

export const VERSIONS: readonly CatalogueVersion[] = VERSION_ROWS.map(
  ([brand, model, version, engine, fuel, firstYear, lastYear]) => ({
    brand,
    model,
    version,
    engine,
    fuel,
    firstYear,
    lastYear,
  }),
);

export const FITMENT_NOTES: readonly string[] = [
  "Com ar-condicionado",
  "Sem ar-condicionado",
  "Com ABS",
  "Câmbio manual",
  "Câmbio automático",
  "Com direção hidráulica",
  "Com direção elétrica",
  "Exceto versões 4x4",
  "Verificar código do motor",
  "Aplicação original de fábrica",
];
