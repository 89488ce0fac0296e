-- The catalogue an admin edits in the staff console (docs/product.md §2.8): a hall can be
-- closed (visitors no longer see it; its rows stay, since sold tickets refer to them), and a
-- price sells for visits between its valid-from and valid-to days (null: no bound), so a price
-- is retired by its last day instead of being deleted.
ALTER TABLE halls ADD COLUMN closed boolean NOT NULL DEFAULT false;
-- The free children one adult may bring in this hall; null: the museum-wide setting (the config
-- keys hall_*_oneperson_totalfreechild, else 1).
-- The months its groups' off season is, as config off_season_months writes them ("1,2,11,12");
-- null: the museum-wide setting.
ALTER TABLE halls ADD COLUMN off_season_months text;
ALTER TABLE halls ADD COLUMN free_child_per_adult int CHECK (free_child_per_adult BETWEEN 0 AND 10);
ALTER TABLE ticket_prices ADD COLUMN valid_from text;
ALTER TABLE ticket_prices ADD COLUMN valid_to text;
ALTER TABLE ticket_prices ADD CONSTRAINT ticket_prices_valid CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from <= valid_to);
