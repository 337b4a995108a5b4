CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"alternatives" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_term_unique" UNIQUE("term")
);
--> statement-breakpoint
INSERT INTO "search_synonyms" ("term", "alternatives") VALUES
	('белый', '["молочный", "экрю", "белоснежный"]'::jsonb),
	('бежевый', '["песочный", "кэмел", "экрю"]'::jsonb),
	('коричневый', '["шоколадный", "кэмел"]'::jsonb),
	('розовый', '["пудровый"]'::jsonb),
	('красный', '["бордовый", "терракотовый"]'::jsonb),
	('зеленый', '["оливковый"]'::jsonb),
	('серый', '["графит"]'::jsonb),
	('свитер', '["джемпер"]'::jsonb),
	('джемпер', '["свитер"]'::jsonb),
	('кроссовки', '["кеды"]'::jsonb),
	('кеды', '["кроссовки"]'::jsonb),
	('пиджак', '["жакет"]'::jsonb),
	('жакет', '["пиджак"]'::jsonb),
	('white', '["milk", "ecru"]'::jsonb),
	('beige', '["sand", "camel", "ecru"]'::jsonb),
	('brown', '["chocolate", "camel"]'::jsonb),
	('pink', '["powder"]'::jsonb),
	('red', '["burgundy", "terracotta"]'::jsonb),
	('green', '["olive"]'::jsonb),
	('grey', '["graphite"]'::jsonb),
	('gray', '["graphite"]'::jsonb),
	('sweater', '["jumper"]'::jsonb),
	('sneakers', '["trainers"]'::jsonb)
ON CONFLICT ("term") DO NOTHING;
