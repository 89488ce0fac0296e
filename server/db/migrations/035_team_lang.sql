-- The language a group registered in: the texts the museum sends it (its review's result, its
-- requests' results, a freeze) are written in it. Teams registered before say nothing: zh.
ALTER TABLE teams ADD COLUMN lang text NOT NULL DEFAULT 'zh' CHECK (lang IN ('zh', 'en'));
