CREATE TABLE "message_texts" (
	"locale" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_texts_locale_key_pk" PRIMARY KEY("locale","key")
);
