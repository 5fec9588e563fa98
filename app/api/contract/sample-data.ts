import type { BrandView } from "~/api/views/brands";
import type { CategoryView } from "~/api/views/categories";
import type { ComparisonView } from "~/api/views/compare";
import type {
  AlternativeCodeView,
  CompatibleVehicleView,
  PartAdminRowView,
  PartDetailView,
  PartView,
} from "~/api/views/parts";
import type { ImageSearchView, SearchHitView, SearchPageView } from "~/api/views/search";
import type { VehicleDetailView, VehicleView } from "~/api/views/vehicles";

/**
 * The /api contract's examples: parts and vehicles of the demo catalogue (db/seed-data), typed by
 * the views' schemas so an example cannot drift from what the endpoint answers.
 */

const at = "2026-11-20T13:45:00.000Z";

export const sampleCategory: CategoryView = {
  id: 3,
  name: "Filtros",
  description: "Filtros de óleo, ar, combustível e cabine",
  parts_count: 42,
  created_at: at,
  updated_at: at,
};

export const sampleBrand: BrandView = { id: 7, name: "Volkswagen", vehicles_count: 58 };

export const sampleAlternativeCode: AlternativeCodeView = {
  id: 311,
  alternative_code: "W 712/95",
  description: "Equivalente Mann-Filter",
};

export const samplePart: PartView = {
  id: 128,
  code: "PSL55",
  name: "Filtro de Óleo",
  manufacturer: "Tecfil",
  description: "Filtro de óleo Tecfil para motores VW EA111 1.0 e 1.6 8V (Gol, SpaceFox).",
  category_id: 3,
  category_name: "Filtros",
  category: "Filtros",
  mercado_livre_link: "https://lista.mercadolivre.com.br/PSL55",
  image_url: null,
  alternative_codes: [
    sampleAlternativeCode,
    { id: 312, alternative_code: "030115561AN", description: "Código original VW" },
  ],
  compat_count: 14,
  found_via: null,
  match: "code",
};

export const sampleVehicle: VehicleView = {
  id: 2041,
  brand: "Volkswagen",
  model: "Gol",
  generation: "G6",
  year: 2015,
  version: "1.6 MSI Trendline",
  engine: "1.6 8V",
  fuel: "Flex",
  transmission: "Manual",
  body_type: "Hatch",
  vehicle_type: "carros",
  fipe_code: "005340-6",
  compat_count: 37,
  compatible_parts_count: 37,
  created_at: at,
  updated_at: at,
};

export const sampleCompatibleVehicle: CompatibleVehicleView = {
  id: 2041,
  vehicle_id: 2041,
  brand: "Volkswagen",
  model: "Gol",
  generation: "G6",
  year: 2015,
  version: "1.6 MSI Trendline",
  engine: "1.6 8V",
  fuel: "Flex",
  transmission: "Manual",
  body_type: "Hatch",
  notes: "Motor EA111",
  compatibility_notes: "Motor EA111",
  position: null,
  side: null,
  year_from: 2013,
  year_to: 2016,
};

export const samplePartDetail: PartDetailView = {
  ...samplePart,
  compatible_vehicles: [sampleCompatibleVehicle],
};

export const samplePartAdminRow: PartAdminRowView = {
  id: samplePart.id,
  code: samplePart.code,
  name: samplePart.name,
  manufacturer: samplePart.manufacturer,
  description: samplePart.description,
  category_id: samplePart.category_id,
  category_name: samplePart.category_name,
  category: samplePart.category,
  mercado_livre_link: samplePart.mercado_livre_link,
  image_url: null,
  alternative_codes: samplePart.alternative_codes,
  alternative_codes_count: 2,
  compat_count: 14,
  created_at: at,
  updated_at: at,
};

export const sampleVehicleDetail: VehicleDetailView = {
  ...sampleVehicle,
  compatible_parts: [
    {
      part_id: samplePart.id,
      code: samplePart.code,
      name: samplePart.name,
      category_name: "Filtros",
      manufacturer: "Tecfil",
      notes: "Motor EA111",
      compatibility_notes: "Motor EA111",
    },
  ],
};

export const sampleSearchHit: SearchHitView = {
  ...samplePart,
  code: "W 712/95",
  manufacturer: "Mann-Filter",
  id: 127,
  description:
    "Filtro de óleo blindado Mann-Filter com válvula antirretorno, para motores VW EA111 1.0 e 1.6 8V (Gol, SpaceFox).",
  alternative_codes: [{ id: 305, alternative_code: "PSL55", description: "Equivalente Tecfil" }],
  fits_vehicle: true,
  match: "description",
};

export const sampleSearchPage: SearchPageView = {
  total: 1,
  total_is_lower_bound: false,
  page: 1,
  per_page: 20,
  pages: 1,
  understood: {
    query: "filtro de oleo gol 1.6 2015",
    part_words: ["filtro", "oleo"],
    vehicle: "Volkswagen Gol 2015",
    corrections: [],
    ignored_words: [],
  },
  facets: {
    categories: [{ value: 3, label: "Filtros", count: 1 }],
    manufacturers: [{ value: "Mann-Filter", label: "Mann-Filter", count: 1 }],
    brands: [{ value: "Volkswagen", label: "Volkswagen", count: 1 }],
    models: [{ value: "Gol", label: "Gol", count: 1 }],
    years: [{ value: 2015, label: "2015", count: 1 }],
    positions: [],
  },
  suggestions: [],
};

export const sampleComparison: Omit<ComparisonView, "verdict"> = {
  query: { a: "PSL55", b: "W 712/95" },
  verdict_kind: "same_vehicles",
  same_part: false,
  a: {
    id: 128,
    code: "PSL55",
    name: "Filtro de Óleo",
    manufacturer: "Tecfil",
    category_id: 3,
    category_name: "Filtros",
    match: "code",
    found_via: null,
    compat_count: 14,
    other_matches: 0,
  },
  b: {
    id: 127,
    code: "W 712/95",
    name: "Filtro de Óleo",
    manufacturer: "Mann-Filter",
    category_id: 3,
    category_name: "Filtros",
    match: "code",
    found_via: null,
    compat_count: 14,
    other_matches: 0,
  },
  common_vehicles: [
    {
      id: 2041,
      vehicle_id: 2041,
      brand: "Volkswagen",
      model: "Gol",
      generation: "G6",
      year: 2015,
      version: "1.6 MSI Trendline",
      engine: "1.6 8V",
      fuel: "Flex",
      transmission: "Manual",
      body_type: "Hatch",
      fitment_a: { notes: null, position: null, side: null, year_from: 2013, year_to: 2016 },
      fitment_b: { notes: null, position: null, side: null, year_from: 2013, year_to: 2016 },
      fitment_differs: false,
    },
  ],
  only_a: [],
  only_b: [],
  totals: { common_vehicles: 14, only_a: 0, only_b: 0 },
  list_limit: 200,
  cautions: [],
};

export const sampleImageSearch: ImageSearchView = {
  reading: { code: "PSL55", match: "as_read", codes: ["PSL55", "7891234567895"] },
  parts: [samplePart],
};

/** The bodies the examples send. */
export const sampleBodies = {
  part: {
    code: samplePart.code,
    name: samplePart.name,
    description: samplePart.description,
    category_id: sampleCategory.id,
    manufacturer: samplePart.manufacturer,
    mercado_livre_link: null,
    compatible_vehicle_ids: [sampleVehicle.id],
  },
  alternativeCode: {
    alternative_code: sampleAlternativeCode.alternative_code,
    description: sampleAlternativeCode.description,
  },
  fitment: { vehicle_id: sampleVehicle.id, notes: sampleCompatibleVehicle.notes },
  category: { name: sampleCategory.name, description: sampleCategory.description },
  brand: { name: sampleBrand.name },
  vehicle: {
    brand: sampleVehicle.brand,
    model: sampleVehicle.model,
    year: sampleVehicle.year,
    version: sampleVehicle.version,
    generation: sampleVehicle.generation,
    engine: sampleVehicle.engine,
    fuel: sampleVehicle.fuel,
    transmission: sampleVehicle.transmission,
    body_type: sampleVehicle.body_type,
    vehicle_type: sampleVehicle.vehicle_type,
  },
};

/** What POST /api/parts/:id/vehicles answers. */
export const sampleFitment = {
  part_id: samplePart.id,
  vehicle_id: sampleVehicle.id,
  notes: sampleCompatibleVehicle.notes,
};
