package wbcards

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"sync"
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/internal/testtool"
)

// testCatalog is a small catalog built in Go: one card of every kind and
// side, with long French text, accents, icons and natural results.
func testCatalog() *wbcatalog.Catalog {
	t := func(en, fr string) wbcatalog.Text { return wbcatalog.Text{EN: en, FR: fr} }
	cat := &wbcatalog.Catalog{
		Factions: []wbcatalog.Faction{
			{ID: "raiders", Name: t("Raiders", "Pillards"), Colour: "#e8701a"},
			{ID: "clans", Name: t("Ash Clans", "Clans de Cendre"), Colour: "#2b7bb9"},
		},
		Skills: []wbcatalog.Skill{
			{ID: "sharp", Name: t("Sharp shooting", "Tir précis"),
				Text: t("This Character may shoot an enemy next to one of your Characters.",
					"Ce Personnage peut tirer sur un ennemi adjacent à l’un de vos Personnages.")},
			{ID: "war-cry", Name: t("War cry", "Cri de guerre"), Active: true,
				Text: t(":active: After a :fight:, each enemy next to this Character takes 1 Stress token; on a natural [10], 2.",
					":active: Après un :fight:, chaque ennemi adjacent à ce Personnage subit 1 jeton Stress ; sur un [10] naturel, 2.")},
			{ID: "long", Name: t("Relentless", "Acharnement implacable"),
				Text: t("When this Character ends a **Run** next to an enemy, it may immediately fight that enemy with +1 :melee-die:; if it removes the enemy, gain :order-raiders:.",
					"Lorsque ce Personnage termine une **Course** à côté d’un ennemi, il peut immédiatement combattre cet ennemi avec +1 :melee-die: ; s’il retire l’ennemi du jeu, gagnez :order-raiders: et placez un jeton Stress sur un autre ennemi situé à 2 cases ou moins.")},
			{ID: "lead", Name: t("Rally", "Ralliement"),
				Text: t("Leader phase: remove 1 Stress token from each of up to two of your Characters.",
					"Phase de Chef : retirez 1 jeton Stress de deux de vos Personnages au plus.")},
		},
		Characters: []wbcatalog.Character{{
			ID: "copp", Name: t("COPP", "COPP"), Faction: "raiders", NameGroup: "copp",
			Flavor: &wbcatalog.Text{EN: "Salvaged police frame, rewired for looting.", FR: "Une carcasse de police récupérée, recâblée pour le pillage."},
			Front: wbcatalog.Profile{Attack: 7, Speed: 3, Run: 1, Accuracy: &wbcatalog.Accuracy{Near: 4, Far: 6}, Dice: wbcatalog.Dice{Ranged: 2},
				Cost: wbcatalog.Cost{"raiders": 1, "any": 1}, Health: 4, Morale: 3, Armor: &wbcatalog.Armor{Points: 1, Save: 7},
				Gear: []wbcatalog.Gear{wbcatalog.GearRanged, wbcatalog.GearArmor}, Skills: []string{"sharp", "war-cry", "long"}},
			Panic: wbcatalog.Profile{Attack: 8, Speed: 3, Run: 1, Cost: wbcatalog.Cost{"raiders": 1, "any": 2}, Health: 4,
				Armor: &wbcatalog.Armor{Points: 1, Save: 7}, Gear: []wbcatalog.Gear{wbcatalog.GearRanged}, Skills: []string{"sharp"}},
			Pos: wbcatalog.Pos{File: "cards/raiders.cue", Line: 3, Col: 1},
		}},
		Leaders: []wbcatalog.Leader{{
			ID: "vanta", Name: t("Vanta, Road Boss", "Vanta, cheffe de route"), Faction: "raiders", Skill: "lead",
			Exploration:   wbcatalog.LeaderSide{Orders: []map[string]int{{"raiders": 5}, {"raiders": 5, "clans": 1}}},
			Confrontation: wbcatalog.LeaderSide{Orders: []map[string]int{{"raiders": 3}, {"raiders": 4}, {"raiders": 3, "clans": 1}}},
		}},
		Equipment: []wbcatalog.Equipment{
			{ID: "scope", Name: t("Scope", "Lunette de visée"), Gear: wbcatalog.GearRanged,
				Text: t("+1 :ranged-die: when this Character shoots at a closest target.", "+1 :ranged-die: quand ce Personnage tire sur une cible la plus proche.")},
			{ID: "war-paint", Name: t("War paint", "Peintures de guerre"), Faction: "clans",
				Text: t("*Once per game*: reroll a failed :fight: test.", "*Une fois par partie* : relancez un test de :fight: raté.")},
		},
		Formations: []wbcatalog.Formation{{ID: "formation", Name: t("Formation", "Formation"),
			Text:    t("Adds a second miniature of this Character.", "Ajoute une seconde figurine de ce Personnage."),
			Bonuses: wbcatalog.FormationBonus{Cost: 1, Hit: 1, RangedDice: 1, MeleeDice: 1, Health: 1}}},
		Vocations: []wbcatalog.Vocation{{ID: "warlord", Name: t("Warlord", "Seigneur de guerre"), Faction: "raiders",
			Text: t("Your Characters get +1 :run:.", "Vos Personnages gagnent +1 en :run:.")}},
		References: []wbcatalog.ReferenceCard{{ID: "raiders-reference", Name: t("Raiders: common skills", "Pillards : compétences communes"),
			Faction: "raiders", Skills: []string{"sharp", "war-cry", "long"}}},
		Objectives: []wbcatalog.ObjectiveCard{{ID: "data-haul", Name: t("Data Haul", "Butin de données"), Format: wbcatalog.Exploration,
			Text:    t("2 VP each time one of your Characters ends an activation next to a Scan marker.", "2 PV chaque fois que l’un de vos Personnages finit une activation à côté d’un marqueur Scan."),
			Scoring: []wbcatalog.Scoring{{Kind: "interact-marker", VP: 2, Marker: "scan"}}}},
		Strings: []wbcatalog.UIString{{ID: "stat.attack", Text: t("Attack", "Attaque")}},
	}
	cat.Sort()
	return cat
}

// shared is the embedded starter content, loaded once for the package's
// tests (loading it cost more than most tests). Tests only read it: each
// use checks at the test's end that its JSON is unchanged, and TestMain
// compares it with a fresh load.
var shared struct {
	once sync.Once
	cat  *wbcatalog.Catalog
	err  error
	sum  [sha256.Size]byte
}

func TestMain(m *testing.M) {
	testtool.PaceGC()
	code := m.Run()
	if shared.cat != nil {
		if fresh, err := loadStarter(); err != nil {
			fmt.Fprintf(os.Stderr, "FAIL: load the starter content again: %v\n", err)
			code = 1
		} else if !reflect.DeepEqual(shared.cat, fresh) {
			fmt.Fprintln(os.Stderr, "FAIL: the tests changed the shared starter catalog: a test that changes it must take ownStarterCatalog")
			code = 1
		}
	}
	os.Exit(code)
}

// starterCatalog returns the shared starter catalog, read-only: a test
// that changes the catalog takes ownStarterCatalog.
func starterCatalog(tb testing.TB) *wbcatalog.Catalog {
	tb.Helper()
	shared.once.Do(func() {
		shared.cat, shared.err = loadStarter()
		if shared.err == nil {
			shared.sum, shared.err = jsonSum(shared.cat)
		}
	})
	if shared.err != nil {
		tb.Fatalf("load the starter content: %v", shared.err)
	}
	tb.Cleanup(func() {
		if sum, err := jsonSum(shared.cat); err != nil {
			tb.Errorf("encode the shared starter catalog: %v", err)
		} else if sum != shared.sum {
			tb.Errorf("%s changed the shared starter catalog: take ownStarterCatalog", tb.Name())
		}
	})
	return shared.cat
}

// ownStarterCatalog loads a starter catalog of the test's own, to change.
func ownStarterCatalog(tb testing.TB) *wbcatalog.Catalog {
	tb.Helper()
	cat, err := loadStarter()
	if err != nil {
		tb.Fatalf("load the starter content: %v", err)
	}
	return cat
}

func loadStarter() (*wbcatalog.Catalog, error) {
	return wbschema.Load(content.FS, wbschema.Options{Root: "content"})
}

func jsonSum(cat *wbcatalog.Catalog) ([sha256.Size]byte, error) {
	b, err := json.Marshal(cat)
	return sha256.Sum256(b), err
}
