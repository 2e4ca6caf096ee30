"""The recall harness's library: the hard-link tree, the finders and the defect classes."""
